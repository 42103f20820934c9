import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import pg from 'pg';

/**
 * The packaged server (dist/entrypoint.mjs, as in the Docker image): bad
 * settings give one clear line and a non-zero exit; SIGTERM shuts down
 * cleanly; the standalone folder serves on its own.
 */
type TRun = { code: number | null; stdout: string; stderr: string };

function run(env: Record<string, string>, opts: { cwd?: string; killAfterMs?: number; untilHealthy?: number } = {}): Promise<TRun & { healthy?: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['dist/entrypoint.mjs'], {
      cwd: opts.cwd ?? process.cwd(),
      env: { PATH: process.env.PATH!, NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_ON_START: 'false', AUTH_SECRET: 'x'.repeat(40), ...env },
    });
    let stdout = '';
    let stderr = '';
    let healthy: boolean | undefined;
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    if (opts.untilHealthy) {
      const port = opts.untilHealthy;
      const poll = async () => {
        for (let i = 0; i < 100; i++) {
          try {
            const r = await fetch(`http://127.0.0.1:${port}/api/health`);
            const login = await fetch(`http://127.0.0.1:${port}/login`);
            healthy = r.status === 200 && login.status === 200;
            break;
          } catch {
            await new Promise((r) => setTimeout(r, 300));
          }
        }
        child.kill('SIGTERM');
      };
      void poll();
    }
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, healthy });
    });
  });
}

const created: string[] = [];
test.afterAll(async () => {
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres' });
  await c.connect();
  for (const name of created) await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await c.end();
});

async function freshDbUrl() {
  const admin = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const name = `mapspace_start_${Date.now().toString(36)}_${process.pid}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`CREATE DATABASE "${name}"`);
  await c.end();
  created.push(name);
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return u.toString();
}

test.describe('packaged server start-up', () => {
  test('a malformed DATABASE_URL stops the start with one line and exit 1', async () => {
    const r = await run({ DATABASE_URL: 'mysql://nope', PORT: '3391' });
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe('mapspace: invalid setting DATABASE_URL: must be a postgresql://user@host:port/db URL');
  });

  test('an unreachable database gives one clear line and exit 1, no stack trace', async () => {
    const r = await run({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/none', PORT: '3392' });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^mapspace: cannot reach the database at 127\.0\.0\.1:1 \(ECONNREFUSED\)/);
  });

  test('[D.06] the standalone folder (what the Docker image runs) serves on its own and stops cleanly on SIGTERM', async () => {
    test.skip(!existsSync('.next/standalone/dist/entrypoint.mjs'), 'no standalone build');
    const r = await run(
      { DATABASE_URL: await freshDbUrl(), PORT: '3393', HOST: '127.0.0.1', APP_DIR: '.', MIGRATIONS_DIR: 'prisma/migrations' },
      { cwd: '.next/standalone', untilHealthy: 3393 },
    );
    expect(r.healthy).toBe(true);
    expect(r.code).toBe(0);
  });
});
