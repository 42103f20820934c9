import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { POST as loginCode } from '@/app/auth/login/code/route';
import { POST as login } from '@/app/auth/login/route';
import { GET as users } from '@/app/api/users/route';
import { sha256 } from '@/lib/server/crypto';
import { db } from '@/lib/server/db';
import { createUser } from '../../helpers/factories';
import { call } from '../../helpers/http';
import { awayFromStepEdge, enableApp, forgetLastStep, oathtool, seedSafely } from './helpers';

beforeAll(async () => {
  await seedSafely();
});

describe('POST /auth/login/ (step 1)', () => {
  test('[R7.02] [R3.10] without MFA answers {"auth_token"}: a new 40-hex token per login, stored hashed, usable', async () => {
    const u = await createUser();
    const a = await call(login, '/auth/login/', { body: { username: u.username, password: u.password } });
    const b = await call(login, '/auth/login', { body: { username: u.username, password: u.password } });
    expect(a.status).toBe(200);
    expect(Object.keys(a.body)).toEqual(['auth_token']);
    expect(a.body.auth_token).toMatch(/^[0-9a-f]{40}$/);
    expect(b.body.auth_token).not.toBe(a.body.auth_token);
    const stored = await db().apiToken.findMany({ where: { userId: u.id }, select: { keyHash: true } });
    expect(stored.map((s) => s.keyHash)).toContain(sha256(a.body.auth_token));
    expect(stored.map((s) => s.keyHash)).not.toContain(a.body.auth_token);
    const me = await call(users, '/api/users', { token: a.body.auth_token });
    expect(me.body.results[0].username).toBe(u.username);
    expect(me.body.results[0].last_login).not.toBeNull();
  });

  test.each([
    ['wrong password', async () => ({ ...(await createUser()), password: 'Wrong-Password-1' })],
    ['unknown user', async () => ({ username: 'nobody-here', password: 'Whatever-123' })],
    ['inactive user', async () => await createUser({ active: false })],
  ])('[R7.02] %s → 400 {"error":"Unable to login with provided credentials."}', async (_name, make) => {
    const u = await make();
    const res = await call(login, '/auth/login/', { body: { username: u.username, password: u.password } });
    expect(res.status).toBe(400);
    expect(res.text).toBe('{"error":"Unable to login with provided credentials."}');
  });

  test.each([
    [{}, '{"username":["This field is required."],"password":["This field is required."]}'],
    [{ username: '', password: 'x' }, '{"username":["This field may not be blank."]}'],
    [{ username: 'x', password: '' }, '{"password":["This field may not be blank."]}'],
  ])('[R7.02] field errors %j', async (body, expected) => {
    const res = await call(login, '/auth/login/', { body });
    expect(res.status).toBe(400);
    expect(res.text).toBe(expected);
  });

  test('[D.02] a stale Authorization token on the open login route is 401 "Invalid token."', async () => {
    const u = await createUser();
    const res = await call(login, '/auth/login/', { token: '0'.repeat(40), body: { username: u.username, password: u.password } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Invalid token.' });
  });

  test('[R7.02] [D.03] with an active app method answers {"ephemeral_token","method"} in the trench format', async () => {
    const u = await createUser();
    await enableApp(u.token);
    const res = await call(login, '/auth/login/', { body: { username: u.username, password: u.password } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['ephemeral_token', 'method']);
    expect(res.body.method).toBe('app');
    expect(res.body.ephemeral_token).toMatch(new RegExp(`^${u.id}-[0-9a-z]+-[0-9a-f]{40}$`));
    const row = await db().loginChallenge.findUnique({ where: { tokenHash: sha256(res.body.ephemeral_token) } });
    expect(row).not.toBeNull();
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(14 * 60 * 1000);
  });
});

describe('POST /auth/login/code/ (step 2)', () => {
  test('[R7.03] [D.03] a TOTP from oathtool completes the login; the ephemeral token is single-use', async () => {
    const u = await createUser();
    const { secret } = await enableApp(u.token);
    await forgetLastStep(u.id);
    const step1 = await call(login, '/auth/login/', { body: { username: u.username, password: u.password } });
    await awayFromStepEdge();
    const res = await call(loginCode, '/auth/login/code/', { body: { ephemeral_token: step1.body.ephemeral_token, code: oathtool(secret) } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['auth_token']);
    expect(res.body.auth_token).toMatch(/^[0-9a-f]{40}$/);
    await forgetLastStep(u.id);
    const again = await call(loginCode, '/auth/login/code', { body: { ephemeral_token: step1.body.ephemeral_token, code: oathtool(secret) } });
    expect(again.status).toBe(401);
    expect(again.text).toBe('{"error":"Invalid or expired token."}');
  });

  test('[R7.03] wrong code → 401 {"error":"Invalid or expired code."}; 5 wrong codes kill the token', async () => {
    const u = await createUser();
    const { secret } = await enableApp(u.token);
    await forgetLastStep(u.id);
    const step1 = await call(login, '/auth/login/', { body: { username: u.username, password: u.password } });
    const t = step1.body.ephemeral_token;
    for (let i = 0; i < 5; i++) {
      const bad = await call(loginCode, '/auth/login/code/', { body: { ephemeral_token: t, code: '000000' === oathtool(secret) ? '111111' : '000000' } });
      expect(bad.status).toBe(401);
      expect(bad.text).toBe('{"error":"Invalid or expired code."}');
    }
    await awayFromStepEdge();
    const good = await call(loginCode, '/auth/login/code/', { body: { ephemeral_token: t, code: oathtool(secret) } });
    expect(good.status).toBe(401);
    expect(good.text).toBe('{"error":"Invalid or expired token."}');
  });

  test.each([
    ['garbage', 'not-a-token'],
    ['well-formed but unknown', `1-${Math.floor(Date.now() / 1000).toString(36)}-${'a'.repeat(40)}`],
  ])('[R7.03] %s ephemeral token → 401 {"error":"Invalid or expired token."}', async (_n, token) => {
    const res = await call(loginCode, '/auth/login/code/', { body: { ephemeral_token: token, code: '123456' } });
    expect(res.status).toBe(401);
    expect(res.text).toBe('{"error":"Invalid or expired token."}');
  });

  test('[R7.03] an expired ephemeral token (older than 15 min) is refused', async () => {
    const u = await createUser();
    const { secret } = await enableApp(u.token);
    await forgetLastStep(u.id);
    const step1 = await call(login, '/auth/login/', { body: { username: u.username, password: u.password } });
    await db().loginChallenge.updateMany({ where: { userId: u.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await awayFromStepEdge();
    const res = await call(loginCode, '/auth/login/code/', { body: { ephemeral_token: step1.body.ephemeral_token, code: oathtool(secret) } });
    expect(res.status).toBe(401);
    expect(res.text).toBe('{"error":"Invalid or expired token."}');
  });

  test('[R7.03] empty code → 400 {"code":["This field may not be blank."]}', async () => {
    const res = await call(loginCode, '/auth/login/code/', { body: { ephemeral_token: 'x', code: '' } });
    expect(res.status).toBe(400);
    expect(res.text).toBe('{"code":["This field may not be blank."]}');
  });
});

describe('logging', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    process.env.LOG_LEVEL = 'error';
  });

  test('[D.03] a login, a failed login and a TOTP check are logged with the request id and without secrets', async () => {
    const u = await createUser();
    const { secret } = await enableApp(u.token);
    await forgetLastStep(u.id);
    const lines: string[] = [];
    process.env.LOG_LEVEL = 'info';
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    await call(login, '/auth/login/', { body: { username: u.username, password: 'Wrong-Password-1' }, headers: { 'x-request-id': 'req-fail-1' } });
    const step1 = await call(login, '/auth/login/', { body: { username: u.username, password: u.password }, headers: { 'x-request-id': 'req-step1' } });
    await awayFromStepEdge();
    const code = oathtool(secret);
    await call(loginCode, '/auth/login/code/', { body: { ephemeral_token: step1.body.ephemeral_token, code }, headers: { 'x-request-id': 'req-step2' } });
    vi.restoreAllMocks();
    const events = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(events).toContainEqual(expect.objectContaining({ event: 'auth.login_failed', requestId: 'req-fail-1', reason: 'bad_password' }));
    expect(events).toContainEqual(expect.objectContaining({ event: 'mfa.totp_check', requestId: 'req-step2', ok: true }));
    expect(events).toContainEqual(expect.objectContaining({ event: 'auth.login_succeeded', requestId: 'req-step2', userId: u.id }));
    const all = lines.join('');
    for (const s of [u.password, 'Wrong-Password-1', secret, step1.body.ephemeral_token, code]) expect(all).not.toContain(s);
  });
});
