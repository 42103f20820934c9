import 'server-only';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';

/**
 * The embedded PostgreSQL used when DATABASE_URL is unset: PGlite with its
 * socket server, data under EMBEDDED_DB_DIR. A second process (the seed, a
 * CLI) finds the running server through `<dir>.json` and connects to it, since
 * PGlite's data directory can only be opened by one process.
 */
export type TEmbeddedDb = { url: string; stop: () => Promise<void> };

type TStateFile = { pid: number; port: number };

function stateFile(dir: string) {
  return `${resolve(dir)}.json`;
}

function urlFor(port: number) {
  return `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((res) => {
    const sock = createConnection({ port, host: '127.0.0.1' });
    sock.once('connect', () => {
      sock.destroy();
      res(true);
    });
    sock.once('error', () => res(false));
  });
}

function pidAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => res(port));
    });
  });
}

/** Connects to the embedded server another process runs, or returns null. */
export async function findRunningEmbeddedDb(dir: string): Promise<string | null> {
  const file = stateFile(dir);
  if (!existsSync(file)) return null;
  try {
    const state = JSON.parse(readFileSync(file, 'utf8')) as TStateFile;
    if (state.pid !== process.pid && pidAlive(state.pid) && (await portOpen(state.port))) return urlFor(state.port);
  } catch {
    /* stale or unreadable state: start our own */
  }
  return null;
}

/** Starts PGlite and its socket server; maxConnections must cover every pool that connects. */
export async function startEmbeddedDb(dir: string, maxConnections: number): Promise<TEmbeddedDb> {
  const running = await findRunningEmbeddedDb(dir);
  if (running) return { url: running, stop: async () => {} };
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const dataDir = resolve(dir);
  mkdirSync(dirname(dataDir), { recursive: true });
  const db = await PGlite.create(dataDir);
  const port = Number(process.env.EMBEDDED_DB_PORT) || (await freePort());
  const server = new PGLiteSocketServer({ db, port, host: '127.0.0.1', maxConnections });
  await server.start();
  const file = stateFile(dir);
  writeFileSync(file, JSON.stringify({ pid: process.pid, port } satisfies TStateFile));
  return {
    url: urlFor(port),
    stop: async () => {
      await server.stop().catch(() => {});
      await db.close().catch(() => {});
      rmSync(file, { force: true });
    },
  };
}

export const embeddedDbPaths = { stateFile, join };
