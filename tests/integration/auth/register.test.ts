import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GET as activateGet } from '@/app/api/activate/[uid]/[token]/route';
import { POST as register } from '@/app/api/auth/register/route';
import { POST as login } from '@/app/auth/login/route';
import { encodeUid } from '@/lib/server/auth/uid';
import { db } from '@/lib/server/db';
import { createUser, TEST_PASSWORD, unique } from '../../helpers/factories';
import { call } from '../../helpers/http';
import { seedSafely } from './helpers';
import { startSmtp, type TInbox } from './smtp';

let inbox: TInbox;
beforeAll(async () => {
  await seedSafely();
  inbox = await startSmtp();
});
afterAll(async () => {
  await inbox.close();
});

const body = (over: Record<string, unknown> = {}) => {
  const username = unique('reg');
  return { username, email: `${username}@example.test`, password: TEST_PASSWORD, ...over };
};

function activationPath(mail: string) {
  const m = /https?:\/\/[^/\s]+\/activation\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/.exec(mail);
  if (!m) throw new Error('no activation link');
  return { url: m[0], uid: m[1], token: m[2] };
}

describe('POST /api/auth/register', () => {
  test('[R7.05] [R4.09] [D.04] 201 {"id","username","email"}; inactive until the mailed link (real SMTP) is followed → "Activated"; login works', async () => {
    const b = body();
    const res = await call(register, '/api/auth/register', { body: b });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['id', 'username', 'email']);
    expect(res.body).toMatchObject({ username: b.username, email: b.email });
    const before = await call(login, '/auth/login/', { body: { username: b.username, password: b.password } });
    expect(before.text).toBe('{"error":"Unable to login with provided credentials."}');

    const mail = await inbox.waitFor(b.email, /\/activation\//);
    const link = activationPath(mail);
    expect(link.url.startsWith('http://localhost:3000/activation/')).toBe(true);
    expect(link.uid).toBe(encodeUid(res.body.id));
    const act = await call(activateGet, `/api/activate/${link.uid}/${link.token}/`, { params: { uid: link.uid, token: link.token } });
    expect(act.status).toBe(200);
    expect(act.text).toBe('"Activated"');
    const after = await call(login, '/auth/login/', { body: { username: b.username, password: b.password } });
    expect(after.body.auth_token).toMatch(/^[0-9a-f]{40}$/);

    const stale = await call(activateGet, `/api/activate/${link.uid}/${link.token}`, { params: { uid: link.uid, token: link.token } });
    expect(stale.status).toBe(403);
    expect(stale.text).toBe('{"detail":"Stale token for given user."}');
    const row = await db().userToken.findFirstOrThrow({ where: { userId: res.body.id } });
    expect(row.tokenHash).not.toBe(link.token);
    expect(Math.abs(row.expiresAt.getTime() - row.createdAt.getTime() - 3 * 24 * 3600 * 1000)).toBeLessThan(60_000);
  });

  test('[R7.09] activation errors: bad uid 400 uid, bad token 400 token, expired token 400 token', async () => {
    expect(encodeUid(1)).toBe('MQ');
    expect(encodeUid(42)).toBe('NDI');
    const bad = await call(activateGet, '/api/activate/zzz/abc/', { params: { uid: 'zzz', token: 'abc' } });
    expect(bad.status).toBe(400);
    expect(bad.text).toBe('{"uid":["Invalid user id or user doesn\'t exist."]}');
    const b = body();
    const res = await call(register, '/api/auth/register', { body: b });
    const uid = encodeUid(res.body.id);
    const wrong = await call(activateGet, `/api/activate/${uid}/nope/`, { params: { uid, token: 'nope' } });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toBe('{"token":["Invalid token for given user."]}');
    const link = activationPath(await inbox.waitFor(b.email, /\/activation\//));
    await db().userToken.updateMany({ where: { userId: res.body.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await call(activateGet, `/api/activate/${link.uid}/${link.token}/`, { params: { uid: link.uid, token: link.token } });
    expect(expired.text).toBe('{"token":["Invalid token for given user."]}');
  });

  test('[R7.05] duplicate username → {"username":["A user with that username already exists."]}', async () => {
    const u = await createUser();
    const res = await call(register, '/api/auth/register', { body: body({ username: u.username }) });
    expect(res.status).toBe(400);
    expect(res.text).toBe('{"username":["A user with that username already exists."]}');
  });

  test('[R7.05] an e-mail address already in use is not revealed', async () => {
    const u = await createUser();
    const res = await call(register, '/api/auth/register', { body: body({ email: u.email }) });
    expect(res.status).toBe(201);
  });

  test.each([
    ['short', 'aZ9!x', ['This password is too short. It must contain at least 8 characters.']],
    ['common', 'password123', ['This password is too common.']],
    ['numeric', '8274619305', ['This password is entirely numeric.']],
    ['short, common and numeric', '123456', ['This password is too short. It must contain at least 8 characters.', 'This password is too common.', 'This password is entirely numeric.']],
  ])("[R7.05] Django's password validators: %s", async (_n, password, messages) => {
    const res = await call(register, '/api/auth/register', { body: body({ password }) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ password: messages });
  });

  test('[R7.05] a password too similar to the username or e-mail is refused', async () => {
    const sim = await call(register, '/api/auth/register', { body: { username: 'cartographer77', email: 'x1@example.test', password: 'cartographer78' } });
    expect(sim.body).toEqual({ password: ['The password is too similar to the username.'] });
    const mail = await call(register, '/api/auth/register', { body: { username: unique('m'), email: 'amsterdamroutes@example.test', password: 'amsterdamroute' } });
    expect(mail.body).toEqual({ password: ['The password is too similar to the email address.'] });
  });

  test.each([
    [{}, { username: ['This field is required.'], email: ['This field is required.'], password: ['This field is required.'] }],
    [{ username: 'a b', email: 'x@example.test', password: TEST_PASSWORD }, { username: ['Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.'] }],
    [{ username: 'ok', email: 'nope', password: TEST_PASSWORD }, { email: ['Enter a valid email address.'] }],
    [{ username: 'ok', email: 'x@example.test', password: 'x'.repeat(129) }, { password: ['Ensure this field has no more than 128 characters.'] }],
  ])('[R7.05] field errors %#', async (b, expected) => {
    const res = await call(register, '/api/auth/register', { body: b });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(expected);
  });
});
