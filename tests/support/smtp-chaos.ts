/**
 * An SMTP server that misbehaves on purpose: no greeting, a stall after EHLO,
 * 4xx or 5xx on RCPT, a disconnect — and behaves again on request. Behind the
 * front sits a real `smtp-server` that records what it received.
 */
import { createConnection, createServer, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type TSmtpMode = 'ok' | 'noGreeting' | 'stallAfterEhlo' | '4xx' | '5xx' | 'disconnect';

export type TSmtpChaos = {
  port: number;
  received: { to: string[]; subject: string; raw: string }[];
  setMode: (m: TSmtpMode) => void;
  close: () => Promise<void>;
};

export async function startSmtpChaos(): Promise<TSmtpChaos> {
  let mode: TSmtpMode = 'ok';
  const received: TSmtpChaos['received'] = [];
  const real = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(_a, _s, cb) {
      if (mode === '4xx') return cb(Object.assign(new Error('Greylisted, try again later'), { responseCode: 451 }));
      if (mode === '5xx') return cb(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString();
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '', raw });
        cb();
      });
    },
  });
  await new Promise<void>((r) => real.listen(0, '127.0.0.1', () => r()));
  const realPort = (real.server.address() as { port: number }).port;
  const sockets = new Set<Socket>();

  const front = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (mode === 'disconnect') return client.destroy();
    if (mode === 'noGreeting') return; // accept and say nothing
    if (mode === 'stallAfterEhlo') {
      client.write('220 chaos ESMTP\r\n');
      client.once('data', () => client.write('250-chaos\r\n')); // …and then nothing more
      return;
    }
    const upstream = createConnection({ host: '127.0.0.1', port: realPort });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    client.pipe(upstream).pipe(client);
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((r) => front.listen(0, '127.0.0.1', () => r()));
  return {
    port: (front.address() as { port: number }).port,
    received,
    setMode: (m) => {
      mode = m;
      for (const s of sockets) s.destroy();
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => front.close(() => r()));
      await new Promise<void>((r) => real.close(() => r()));
    },
  };
}
