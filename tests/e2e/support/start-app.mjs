// Starts the production build for the end-to-end run on a fresh PostgreSQL
// database (dropped on exit), mailing through the local SMTP sink.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import pg from 'pg';

export const E2E_SECRET = 'e2e-secret-e2e-secret-e2e-secret-0123456789';
const admin = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const name = `mapspace_e2e_${Date.now().toString(36)}_${process.pid}`;
const client = new pg.Client({ connectionString: admin });
await client.connect();
await client.query(`CREATE DATABASE "${name}"`);
await client.end();
const url = new URL(admin);
url.pathname = `/${name}`;

const port = process.env.E2E_PORT ?? '3210';
mkdirSync('test-results', { recursive: true });
writeFileSync(`test-results/e2e-db-${port}.json`, JSON.stringify({ url: url.toString() }));
const child = spawn(process.execPath, ['dist/entrypoint.mjs'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    APP_DIR: process.cwd(),
    PORT: port,
    HOST: '127.0.0.1',
    APP_URL: `http://localhost:${port}`,
    DATABASE_URL: url.toString(),
    SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT ?? 2525}`,
    MAIL_WORKER_INTERVAL_MS: '200',
    RATE_LIMIT_IP_PER_MIN: '100000',
    AUTH_SECRET: E2E_SECRET,
    LOG_LEVEL: 'warn',
  },
});

async function cleanup() {
  const c = new pg.Client({ connectionString: admin });
  await c.connect().catch(() => {});
  await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
  await c.end().catch(() => {});
}
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    child.kill('SIGTERM');
  });
}
child.on('exit', async (code) => {
  await cleanup();
  process.exit(code ?? 0);
});
