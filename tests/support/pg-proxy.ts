/**
 * A loopback TCP proxy in front of PostgreSQL that a test can cut (refuse and
 * drop every connection: the database is "down"), stall (accept and forward
 * nothing: the database is "frozen"), and restore — the app's own outage,
 * without touching the machine's PostgreSQL that other tests use.
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';

export type TPgProxy = {
  port: number;
  url: (database: string) => string;
  cut: () => void;
  stall: () => void;
  restore: () => void;
  close: () => Promise<void>;
};

export async function startPgProxy(target = { host: '127.0.0.1', port: 5432 }): Promise<TPgProxy> {
  let mode: 'open' | 'cut' | 'stall' = 'open';
  const pairs = new Set<[Socket, Socket | null]>();
  const server: Server = createServer((client) => {
    if (mode === 'cut') {
      client.destroy();
      return;
    }
    if (mode === 'stall') {
      const pair: [Socket, Socket | null] = [client, null];
      pairs.add(pair);
      client.on('close', () => pairs.delete(pair));
      client.on('error', () => {});
      return;
    }
    const upstream = createConnection(target);
    const pair: [Socket, Socket | null] = [client, upstream];
    pairs.add(pair);
    const forward = (from: Socket, to: Socket) =>
      from.on('data', (chunk) => {
        if (mode === 'open') to.write(chunk);
      });
    forward(client, upstream);
    forward(upstream, client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  const dropAll = () => {
    for (const [a, b] of pairs) {
      a.destroy();
      b?.destroy();
    }
    pairs.clear();
  };
  return {
    port,
    url: (database) => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    cut: () => {
      mode = 'cut';
      dropAll();
    },
    stall: () => {
      mode = 'stall';
    },
    restore: () => {
      // Bytes swallowed while stalled would desynchronise the protocol: start clean.
      if (mode === 'stall') dropAll();
      mode = 'open';
    },
    close: async () => {
      dropAll();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
