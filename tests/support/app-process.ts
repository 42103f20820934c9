/**
 * Starting and stopping real app processes (dist/entrypoint.mjs, the
 * production build) for the reliability suites: two instances on one
 * database, kill -9 loops, database outages.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
export const APP_SECRET = 'suite-secret-suite-secret-suite-secret-0123';

export type TApp = { port: number; url: string; child: ChildProcess; logs: string[]; exited: Promise<number | null> };

export async function createDb(prefix: string): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${Date.now().toString(36)}_${process.pid}_${Math.floor(performance.now())}`;
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  await c.query(`CREATE DATABASE "${name}"`);
  await c.end();
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return { name, url: u.toString() };
}

export async function dropDb(name: string) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
  await c.end();
}

export function startApp(opts: { port: number; databaseUrl: string; env?: Record<string, string> }): TApp {
  const logs: string[] = [];
  const child = spawn(process.execPath, ['dist/entrypoint.mjs'], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH!,
      NODE_ENV: 'production',
      APP_DIR: process.cwd(),
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      APP_URL: `http://localhost:${opts.port}`,
      DATABASE_URL: opts.databaseUrl,
      AUTH_SECRET: APP_SECRET,
      LOG_LEVEL: 'info',
      RATE_LIMIT_IP_PER_MIN: '100000',
      MAIL_WORKER_INTERVAL_MS: '200',
      ...opts.env,
    },
  });
  child.stdout!.on('data', (d) => logs.push(String(d)));
  child.stderr!.on('data', (d) => logs.push(String(d)));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { port: opts.port, url: `http://127.0.0.1:${opts.port}`, child, logs, exited };
}

/** Resolves once GET /api/health answers 200; returns the milliseconds it took. */
export async function waitHealthy(app: { url: string }, timeoutMs = 60_000): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      const r = await fetch(`${app.url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (r.status === 200) return Date.now() - start;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${app.url} not healthy within ${timeoutMs} ms`);
}

export async function stopApp(app: TApp, signal: NodeJS.Signals = 'SIGTERM') {
  if (app.child.exitCode !== null) return;
  app.child.kill(signal);
  await app.exited;
}

export async function query<T extends pg.QueryResultRow = pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(sql, params)).rows;
  } finally {
    await c.end();
  }
}

/** SQL invariants that must hold after any crash: no orphans, no half-created tenants. */
export async function invariantViolations(url: string): Promise<Record<string, number>> {
  const checks: Record<string, string> = {
    'account without admin member': `SELECT count(*)::int AS n FROM accounts a WHERE NOT EXISTS (SELECT 1 FROM account_members m WHERE m.account_id = a.id AND m.user_id = a.admin_id)`,
    'workspace without account': `SELECT count(*)::int AS n FROM workspaces w LEFT JOIN accounts a ON a.id = w.account_id WHERE a.id IS NULL`,
    'layer without workspace': `SELECT count(*)::int AS n FROM layers l LEFT JOIN workspaces w ON w.id = l.workspace_id WHERE w.id IS NULL`,
    'user without profile': `SELECT count(*)::int AS n FROM users u WHERE NOT EXISTS (SELECT 1 FROM profiles p WHERE p.user_id = u.id)`,
    'inactive user without activation mail': `SELECT count(*)::int AS n FROM users u WHERE NOT u.is_active AND NOT EXISTS (SELECT 1 FROM mail_outbox o WHERE o.to = u.email)`,
    'half-applied migration': `SELECT count(*)::int AS n FROM _prisma_migrations WHERE finished_at IS NULL AND rolled_back_at IS NULL`,
  };
  const out: Record<string, number> = {};
  for (const [name, sql] of Object.entries(checks)) out[name] = (await query<{ n: number }>(url, sql))[0].n;
  return out;
}
