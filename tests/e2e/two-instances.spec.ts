import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { hash } from '@node-rs/argon2';
import { expect, test } from '@playwright/test';
import { createDb, dropDb, query, startApp, stopApp, waitHealthy, type TApp } from '../support/app-process';
import { recordFigure } from '../support/figures';
import { startSmtpChaos } from '../support/smtp-chaos';

/**
 * Two app instances on one database (SECURITY.md §4): rate limits, sessions,
 * logout, used TOTP steps and the mail outbox are shared, not per process.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.skip(!existsSync('app/auth/login/route.ts'), 'needs the login API');

const PASSWORD = 'Two-Instances-Proof-2026';
let a: TApp;
let b: TApp;
let db: { name: string; url: string };
let smtp: Awaited<ReturnType<typeof startSmtpChaos>>;
const LIMIT = 12;

test.beforeAll(async () => {
  db = await createDb('mapspace_two');
  smtp = await startSmtpChaos();
  const env = { SEED_ON_START: 'true', RATE_LIMIT_IP_PER_MIN: String(LIMIT), SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, LOG_LEVEL: 'warn' };
  a = startApp({ port: 3531, databaseUrl: db.url, env });
  await waitHealthy(a);
  b = startApp({ port: 3532, databaseUrl: db.url, env });
  await waitHealthy(b);
});
test.afterAll(async () => {
  await stopApp(a);
  await stopApp(b);
  await smtp.close();
  await dropDb(db.name);
});

async function makeUser(name: string) {
  const passwordHash = await hash(PASSWORD, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const [u] = await query<{ id: number }>(db.url, `INSERT INTO users (username, email, password_hash, is_active, updated_at) VALUES ($1, $2, $3, true, now()) RETURNING id`, [name, `${name}@example.test`, passwordHash]);
  await query(db.url, `INSERT INTO profiles (user_id, updated_at) VALUES ($1, now())`, [u.id]);
  return u.id;
}

async function login(app: TApp, username: string, password = PASSWORD) {
  const r = await fetch(`${app.url}/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  return { status: r.status, body: (await r.json()) as Record<string, string> };
}

test('a rate limit of L allows L attempts across both instances, not 2L', async () => {
  // Unknown names, so only the per-IP limit applies (not the per-username failure lock).
  const name = `rl${Date.now().toString(36)}`;
  let allowed = 0;
  for (let i = 0; i < LIMIT * 2; i++) {
    const r = await login(i % 2 ? b : a, `${name}${i}`, 'wrong-password');
    if (r.status !== 429) allowed++;
  }
  console.log(`two instances: login attempts allowed ${allowed} against a limit of ${LIMIT}`);
  recordFigure('two instances', { rateLimit: LIMIT, attemptsAllowed: allowed });
  expect(allowed).toBe(LIMIT);
  await query(db.url, `DELETE FROM rate_limit_buckets`);
});

test('a token and a browser session made on one instance work on the other; logout on one takes effect on the other at once', async () => {
  const name = `sess${Date.now().toString(36)}`;
  await makeUser(name);
  const { body } = await login(a, name);
  const token = body.auth_token;
  expect((await fetch(`${b.url}/api/users`, { headers: { authorization: `Token ${token}` } })).status).toBe(200);

  // next-auth on A: csrf, then the credentials callback sets the session cookie.
  const csrfRes = await fetch(`${a.url}/api/auth/csrf`);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const csrfCookie = csrfRes.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const cb = await fetch(`${a.url}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: csrfCookie, origin: a.url },
    body: new URLSearchParams({ csrfToken, username: name, password: PASSWORD, json: 'true' }),
  });
  const session = cb.headers.getSetCookie().find((c) => c.startsWith('mapspace.session='))!;
  expect(session).toBeTruthy();
  const cookie = session.split(';')[0];
  expect((await fetch(`${b.url}/api/users`, { headers: { cookie } })).status).toBe(200);

  expect((await fetch(`${a.url}/api/auth/logout`, { headers: { authorization: `Token ${token}` } })).status).toBeLessThan(300);
  expect((await fetch(`${b.url}/api/users`, { headers: { authorization: `Token ${token}` } })).status).toBe(401);
  expect((await fetch(`${a.url}/api/auth/logout`, { headers: { cookie } })).status).toBeLessThan(300);
  expect((await fetch(`${b.url}/api/users`, { headers: { cookie } })).status).toBe(401);
  console.log('two instances: session valid across instances yes, logout propagation 0 s');
});

test('a TOTP code used on one instance is refused on the other', async () => {
  const name = `totp${Date.now().toString(36)}`;
  await makeUser(name);
  const token = (await login(a, name)).body.auth_token;
  const act = await fetch(`${a.url}/auth/app/activate/`, { method: 'POST', headers: { authorization: `Token ${token}` } });
  const secret = new URL(((await act.json()) as { details: string }).details).searchParams.get('secret')!;
  const code = () => execFileSync('oathtool', ['--totp', '-b', secret]).toString().trim();
  const confirm = await fetch(`${a.url}/auth/app/activate/confirm/`, {
    method: 'POST',
    headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ code: code() }),
  });
  expect(confirm.status).toBe(200);
  // Wait for a fresh step so the confirm code's step is not the one we replay.
  const step = Math.floor(Date.now() / 30_000);
  while (Math.floor(Date.now() / 30_000) === step) await new Promise((r) => setTimeout(r, 250));
  const c = code();
  const stepA = await login(a, name);
  const okA = await fetch(`${a.url}/auth/login/code/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ephemeral_token: stepA.body.ephemeral_token, code: c }) });
  expect(okA.status).toBe(200);
  const stepB = await login(b, name);
  const replay = await fetch(`${b.url}/auth/login/code/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ephemeral_token: stepB.body.ephemeral_token, code: c }) });
  console.log(`two instances: cross-instance TOTP replays accepted ${replay.status === 200 ? 1 : 0}`);
  recordFigure('two instances', { crossInstanceTotpReplaysAccepted: replay.status === 200 ? 1 : 0, logoutPropagationSeconds: 0, sessionAcrossInstances: true });
  expect(replay.status).toBe(401);
});

test('each outbox mail is sent once although both instances run the worker', async () => {
  const names = Array.from({ length: 10 }, (_, i) => `mail${i}${Date.now().toString(36)}`);
  for (const [i, n] of names.entries()) {
    const r = await fetch(`${(i % 2 ? b : a).url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: n, email: `${n}@example.test`, password: PASSWORD }) });
    expect(r.status).toBe(201);
  }
  for (let i = 0; i < 100; i++) {
    if (names.every((n) => smtp.received.some((m) => m.to.includes(`${n}@example.test`)))) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  await new Promise((r) => setTimeout(r, 1500));
  const dupes = names.filter((n) => smtp.received.filter((m) => m.to.includes(`${n}@example.test`)).length !== 1);
  console.log(`two instances: ${names.length} activation mails, duplicates or missing ${dupes.length}`);
  recordFigure('two instances', { outboxMails: names.length, duplicatesOrMissing: dupes.length });
  expect(dupes).toEqual([]);
});
