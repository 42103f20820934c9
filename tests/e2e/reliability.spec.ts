import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createDb, dropDb, invariantViolations, query, startApp, stopApp, waitHealthy, type TApp } from '../support/app-process';
import { startPgProxy } from '../support/pg-proxy';
import { recordFigure } from '../support/figures';
import { startSmtpChaos, type TSmtpMode } from '../support/smtp-chaos';

/**
 * Reliability (SECURITY.md §4, issue 7): kill -9 under writes, database cut
 * and frozen, SMTP misbehaving, each against real app processes on their own
 * database. Every test prints its figures.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.skip(!existsSync('app/api/accounts/route.ts') || !existsSync('app/api/auth/register/route.ts'), 'needs the accounts and registration APIs');

async function seedUserWithToken(dbUrl: string, username: string) {
  const key = randomBytes(20).toString('hex');
  const [u] = await query<{ id: number }>(
    dbUrl,
    `INSERT INTO users (username, email, password_hash, is_active, updated_at) VALUES ($1, $2, 'x', true, now()) RETURNING id`,
    [username, `${username}@example.test`],
  );
  await query(dbUrl, `INSERT INTO profiles (user_id, updated_at) VALUES ($1, now())`, [u.id]);
  await query(dbUrl, `INSERT INTO api_tokens (key_hash, user_id, updated_at) VALUES ($1, $2, now())`, [createHash('sha256').update(key).digest('hex'), u.id]);
  return { id: u.id, token: key };
}

async function timed(fn: () => Promise<Response>) {
  const start = Date.now();
  try {
    const r = await fn();
    await r.text();
    return { status: r.status, ms: Date.now() - start };
  } catch {
    return { status: 0, ms: Date.now() - start };
  }
}

test('kill -9 at random moments under a mixed write load leaves no half-written rows', async () => {
  const db = await createDb('mapspace_kill');
  const port = 3521;
  let app: TApp = startApp({ port, databaseUrl: db.url, env: { SEED_ON_START: 'true', LOG_LEVEL: 'warn' } });
  try {
    await waitHealthy(app);
    const user = await seedUserWithToken(db.url, `killer${Date.now()}`);
    const headers = { authorization: `Token ${user.token}`, 'content-type': 'application/json' };
    const kills = Number(process.env.CHAOS_KILLS ?? 20);
    const recoveries: number[] = [];
    let writes = 0;
    for (let k = 0; k < kills; k++) {
      let stop = false;
      const writer = async (w: number) => {
        for (let i = 0; !stop; i++) {
          const tag = `${k}-${w}-${i}-${randomBytes(3).toString('hex')}`;
          try {
            const acc = await fetch(`${app.url}/api/accounts`, { method: 'POST', headers, body: JSON.stringify({ name: `Acc ${tag}`, description: 'chaos' }) });
            if (acc.status === 201) {
              const { id } = (await acc.json()) as { id: number };
              await fetch(`${app.url}/api/workspaces`, { method: 'POST', headers, body: JSON.stringify({ name: `Ws ${tag}`, description: 'chaos', account: id }) });
            }
            await fetch(`${app.url}/api/auth/register`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ username: `reg${tag.replace(/-/g, '')}`, email: `reg${tag}@example.test`, password: 'Kill-Nine-Proof-2026' }),
            });
            writes++;
          } catch {
            return;
          }
        }
      };
      const load = Promise.all([writer(1), writer(2), writer(3)]);
      // Let some writes complete, then kill at a random moment inside the next ones.
      const waitUntil = Date.now() + 10_000;
      while (writes < (k + 1) * 2 && Date.now() < waitUntil) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 50 + Math.floor(Math.random() * 400)));
      app.child.kill('SIGKILL');
      await app.exited;
      stop = true;
      await load;
      app = startApp({ port, databaseUrl: db.url, env: { LOG_LEVEL: 'warn' } });
      recoveries.push(await waitHealthy(app, 20_000));
    }
    const violations = await invariantViolations(db.url);
    const total = Object.values(violations).reduce((a, b) => a + b, 0);
    const sorted = [...recoveries].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    const slowest = sorted[sorted.length - 1];
    console.log(
      `kill -9: ${kills} kills, ${writes} write rounds, invariant violations ${total} ${JSON.stringify(violations)}, recovery median ${(median / 1000).toFixed(2)} s, slowest ${(slowest / 1000).toFixed(2)} s`,
    );
    recordFigure('kill -9', { kills, writeRounds: writes, violations: total, recoveryMedianSeconds: +(median / 1000).toFixed(2), slowestRecoverySeconds: +(slowest / 1000).toFixed(2) });
    expect(total).toBe(0);
    // Healthy again within 5 s (the median: one restart can be slowed by whatever else the two cores run).
    expect(median).toBeLessThanOrEqual(5000);
    expect(slowest).toBeLessThanOrEqual(15_000);
  } finally {
    await stopApp(app, 'SIGKILL');
    await dropDb(db.name);
  }
});

test('PostgreSQL cut and frozen: requests fail fast with 503, the process survives and recovers by itself', async () => {
  const db = await createDb('mapspace_pgout');
  const proxy = await startPgProxy();
  const port = 3522;
  const app = startApp({ port, databaseUrl: proxy.url(db.name), env: { SEED_ON_START: 'true', LOG_LEVEL: 'error' } });
  try {
    await waitHealthy(app);
    const user = await seedUserWithToken(db.url, `outage${Date.now()}`);
    const get = () => fetch(`${app.url}/api/sites?site=http://x`, { headers: { authorization: `Token ${user.token}` } });
    expect((await timed(get)).status).toBe(200);

    const figures: Record<string, unknown> = {};
    for (const kind of ['cut', 'stall'] as const) {
      if (kind === 'cut') proxy.cut();
      else proxy.stall();
      const during = await Promise.all(Array.from({ length: 10 }, (_, i) => new Promise<{ status: number; ms: number }>((r) => setTimeout(() => timed(get).then(r), i * 100))));
      const health = await timed(() => fetch(`${app.url}/api/health`));
      const restoredAt = Date.now();
      proxy.restore();
      let recoveryMs = -1;
      while (Date.now() - restoredAt < 10_000) {
        if ((await timed(get)).status === 200) {
          recoveryMs = Date.now() - restoredAt;
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      figures[kind] = { statuses: [...new Set(during.map((d) => d.status))], slowestMs: Math.max(...during.map((d) => d.ms)), health: health.status, recoveryMs };
      expect(during.every((d) => d.status === 503), `${kind}: ${JSON.stringify(during)}`).toBe(true);
      expect(Math.max(...during.map((d) => d.ms))).toBeLessThanOrEqual(3000);
      expect(health.status).toBe(503);
      expect(recoveryMs).toBeGreaterThanOrEqual(0);
      expect(recoveryMs).toBeLessThanOrEqual(2000);
    }
    expect(app.child.exitCode).toBeNull();
    console.log(`database outage: ${JSON.stringify(figures)}`);
    recordFigure('database outage', figures);
  } finally {
    await stopApp(app);
    await proxy.close();
    await dropDb(db.name);
  }
});

test('SMTP chaos: registration stays fast, every queued mail is delivered exactly once after recovery, 5xx dead-letters', async () => {
  const db = await createDb('mapspace_smtp');
  const smtp = await startSmtpChaos();
  const port = 3523;
  const app = startApp({
    port,
    databaseUrl: db.url,
    env: { SEED_ON_START: 'true', SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_MAX_ATTEMPTS: '50', LOG_LEVEL: 'warn' },
  });
  try {
    await waitHealthy(app);
    const register = (name: string) =>
      timed(() =>
        fetch(`${app.url}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: name, email: `${name}@example.test`, password: 'Smtp-Chaos-Proof-2026' }),
        }),
      );
    const times: Record<string, number[]> = {};
    const names: string[] = [];
    for (const mode of ['ok', 'noGreeting', 'stallAfterEhlo', '4xx', 'disconnect'] as TSmtpMode[]) {
      smtp.setMode(mode);
      times[mode] = [];
      for (let i = 0; i < 5; i++) {
        const name = `smtp${mode.toLowerCase()}${i}${Date.now().toString(36)}`;
        const r = await register(name);
        expect(r.status).toBe(201);
        times[mode].push(r.ms);
        names.push(name);
      }
    }
    smtp.setMode('ok');
    const deadline = Date.now() + 90_000;
    let sent = 0;
    while (Date.now() < deadline) {
      await query(db.url, `UPDATE mail_outbox SET next_attempt_at = now() WHERE status = 'pending'`);
      sent = (await query<{ n: number }>(db.url, `SELECT count(*)::int AS n FROM mail_outbox WHERE status = 'sent'`))[0].n;
      if (sent >= names.length) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    for (const name of names) expect(smtp.received.filter((m) => m.to.includes(`${name}@example.test`)), name).toHaveLength(1);

    smtp.setMode('5xx');
    const doomed = `smtpdead${Date.now().toString(36)}`;
    expect((await register(doomed)).status).toBe(201);
    let dead = 0;
    for (let i = 0; i < 60 && dead === 0; i++) {
      dead = (await query<{ n: number }>(db.url, `SELECT count(*)::int AS n FROM mail_outbox WHERE status = 'dead' AND "to" = $1`, [`${doomed}@example.test`]))[0].n;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(dead).toBe(1);
    expect(app.logs.join('')).toMatch(/mail\.dead_letter/);
    const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.99) - 1];
    const report = Object.fromEntries(Object.entries(times).map(([m, xs]) => [m, p99(xs)]));
    console.log(`smtp chaos: registration p99 ms by mode ${JSON.stringify(report)}; delivered ${sent}/${names.length} exactly once; dead-lettered 1`);
    recordFigure('smtp chaos', { registrationP99MsByMode: report, delivered: `${sent}/${names.length}`, exactlyOnce: true, deadLettered: 1 });
    for (const xs of Object.values(times)) expect(p99(xs)).toBeLessThan(2000);
  } finally {
    await stopApp(app);
    await smtp.close();
    await dropDb(db.name);
  }
});
