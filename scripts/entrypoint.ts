/**
 * The one way the app starts (npm start, Docker, tests): validate settings,
 * start the embedded PostgreSQL when DATABASE_URL is unset, apply pending
 * migrations, seed a fresh database, start the outbox worker, then serve Next
 * behind a small HTTP front that assigns request ids, records the client
 * address, and answers `/path/` like `/path` without a redirect.
 * Bundled by scripts/postbuild.mjs into dist/entrypoint.mjs.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { ConfigError, parseConfig, type TConfig } from '../lib/server/config';
import { startEmbeddedDb, type TEmbeddedDb } from '../lib/server/db/embedded';
import { applyMigrations, MigrationError } from '../lib/server/db/migrate';
import { db, disconnectDb } from '../lib/server/db';
import { startOutboxWorker } from '../lib/server/mail/outbox';
import { methodNotAllowed } from '../lib/server/http/method-guard';
import { log } from '../lib/server/log';
import { seedIfEmpty } from '../lib/server/seed/seed';

function fail(message: string): never {
  process.stderr.write(`mapspace: ${message}\n`);
  process.exit(1);
}

function describeDbError(url: string, err: unknown): string {
  let where = 'the database';
  try {
    const u = new URL(url);
    where = `${u.hostname}:${u.port || 5432}`;
  } catch {
    /* keep generic */
  }
  const e = err as { code?: string; message?: string };
  return `cannot reach the database at ${where} (${e.code ?? e.message?.split('\n')[0] ?? 'unknown error'})`;
}

async function main() {
  const dev = process.argv.includes('--dev');
  if (dev && !process.env.NODE_ENV) (process.env as Record<string, string>).NODE_ENV = 'development';
  let cfg: TConfig;
  try {
    cfg = parseConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }

  const appDir = resolve(process.env.APP_DIR ?? process.cwd());
  let embedded: TEmbeddedDb | null = null;
  if (!cfg.DATABASE_URL) {
    try {
      embedded = await startEmbeddedDb(cfg.EMBEDDED_DB_DIR, 40);
    } catch (err) {
      fail(`cannot start the embedded database in ${cfg.EMBEDDED_DB_DIR}: ${(err as Error).message}`);
    }
    process.env.DATABASE_URL = embedded.url;
    cfg = { ...cfg, DATABASE_URL: embedded.url };
    log.info('db.embedded', { dir: cfg.EMBEDDED_DB_DIR });
  }
  // Share the validated settings with the Next server in this process.
  (globalThis as unknown as { __mapspaceConfig?: TConfig }).__mapspaceConfig = cfg;
  process.env.NEXTAUTH_URL ??= cfg.APP_URL;
  process.env.NEXTAUTH_SECRET ??= cfg.AUTH_SECRET;

  const migrationsDir = process.env.MIGRATIONS_DIR ?? join(appDir, 'prisma/migrations');
  process.env.MIGRATIONS_DIR = migrationsDir;
  try {
    const res = await applyMigrations(cfg.DATABASE_URL!, migrationsDir);
    log.info('db.migrated', { applied: res.applied, alreadyApplied: res.alreadyApplied });
  } catch (err) {
    if (err instanceof MigrationError) fail(err.message);
    fail(describeDbError(cfg.DATABASE_URL!, err));
  }

  if (cfg.SEED_ON_START) {
    try {
      const seeded = await seedIfEmpty();
      if (seeded) log.info('db.seeded', {});
    } catch (err) {
      fail(`seeding failed: ${(err as Error).message}`);
    }
  }

  const stopWorker = startOutboxWorker(Number(process.env.MAIL_WORKER_INTERVAL_MS) || 1000);

  const port = Number(process.env.PORT) || 3000;
  const hostname = process.env.HOST || '0.0.0.0';
  const requiredFiles = join(appDir, '.next/required-server-files.json');
  if (!dev && !existsSync(requiredFiles)) fail(`no production build in ${appDir} (run npm run build)`);
  const conf = !dev ? JSON.parse(readFileSync(requiredFiles, 'utf8')).config : undefined;
  if (!dev) process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(conf);
  const { default: next } = await import('next');
  const app = (next as unknown as (o: object) => { prepare(): Promise<void>; getRequestHandler(): (req: IncomingMessage, res: ServerResponse) => Promise<void> })({
    dev,
    dir: appDir,
    hostname: 'localhost',
    port,
    ...(conf ? { conf } : {}),
  });
  await app.prepare();
  const handle = app.getRequestHandler();

  const server = createServer((req, res) => {
    const given = req.headers['x-request-id'];
    const requestId = typeof given === 'string' && /^[A-Za-z0-9._-]{1,64}$/.test(given) ? given : randomUUID();
    req.headers['x-request-id'] = requestId;
    res.setHeader('X-Request-Id', requestId);
    const forwarded = req.headers['x-forwarded-for'];
    const viaProxy = cfg.TRUST_PROXY && typeof forwarded === 'string' ? forwarded.split(',')[0].trim() : '';
    req.headers['x-mapspace-client-ip'] = viaProxy || req.socket.remoteAddress || 'unknown';
    if (!cfg.TRUST_PROXY) delete req.headers['x-forwarded-for'];
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const bare = path.length > 1 ? path.replace(/\/+$/, '') : path;
    if (bare !== path) req.url = bare + (q === -1 ? '' : url.slice(q));
    const refused = methodNotAllowed(req.method ?? 'GET', bare);
    if (refused) {
      res.writeHead(refused.status, refused.headers).end(refused.body);
      return;
    }
    handle(req, res).catch((err) => {
      log.error('http.unhandled', { message: (err as Error).message });
      if (!res.headersSent) {
        res.statusCode = 500;
        res.setHeader('Content-Type', 'application/json');
        res.end('{"detail":"A server error occurred."}');
      }
    });
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, hostname, () => log.info('http.listening', { url: cfg.APP_URL, port }));

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('http.shutdown', { signal });
    const force = setTimeout(() => process.exit(0), 10_000);
    force.unref();
    server.close();
    server.closeIdleConnections?.();
    await stopWorker();
    await disconnectDb().catch(() => {});
    await embedded?.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  void db;
}

main().catch((err) => fail((err as Error).stack ?? String(err)));
