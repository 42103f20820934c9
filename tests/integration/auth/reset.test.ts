import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { POST as reset } from '@/app/api/auth/reset/route';
import { POST as resetPassword } from '@/app/api/auth/resetPassword/route';
import { GET as users } from '@/app/api/users/route';
import { POST as login } from '@/app/auth/login/route';
import { encodeUid } from '@/lib/server/auth/uid';
import { db } from '@/lib/server/db';
import { createUser, sessionCookie } from '../../helpers/factories';
import { call } from '../../helpers/http';
import { seedSafely } from './helpers';
import { startSmtp, type TInbox } from './smtp';

let inbox: TInbox;
beforeAll(async () => {
  await seedSafely();
  await db().site.upsert({ where: { origin: 'https://kaart.example.nl' }, update: {}, create: { origin: 'https://kaart.example.nl', title: 'NL maps' } });
  inbox = await startSmtp();
});
afterAll(async () => {
  await inbox.close();
});

function resetLink(mail: string) {
  const m = /(https?:\/\/[^/\s]+)\/password-reset\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/.exec(mail);
  if (!m) throw new Error('no reset link');
  return { origin: m[1], uid: m[2], token: m[3] };
}

const NEW_PASSWORD = 'Lighthouse-Meadow-42';

describe('POST /api/auth/reset', () => {
  test('[R7.06] [D.04] 200 {} and a real mail whose link (on the known site origin) resets the password; all sessions and tokens end', async () => {
    const u = await createUser();
    const cookie = await sessionCookie(u.id);
    const res = await call(reset, '/api/auth/reset', { body: { email: u.email, site: 'https://kaart.example.nl' } });
    expect(res.status).toBe(200);
    expect(res.text).toBe('{}');
    const link = resetLink(await inbox.waitFor(u.email, /\/password-reset\//));
    expect(link.origin).toBe('https://kaart.example.nl');
    expect(link.uid).toBe(encodeUid(u.id));

    const done = await call(resetPassword, '/api/auth/resetPassword', { body: { password: NEW_PASSWORD, uid: link.uid, pw_token: link.token } });
    expect(done.status).toBe(200);
    expect((await call(users, '/api/users', { token: u.token })).status).toBe(401);
    expect((await call(users, '/api/users', { cookie })).status).toBe(401);
    const oldLogin = await call(login, '/auth/login/', { body: { username: u.username, password: u.password } });
    expect(oldLogin.status).toBe(400);
    const newLogin = await call(login, '/auth/login/', { body: { username: u.username, password: NEW_PASSWORD } });
    expect(newLogin.status).toBe(200);

    const reuse = await call(resetPassword, '/api/auth/resetPassword', { body: { password: 'Another-Fine-Pass-7', uid: link.uid, pw_token: link.token } });
    expect(reuse.status).toBe(400);
    expect(reuse.body).toEqual({ detail: 'Invalid token for given user.' });
  });

  test('[R7.06] an unknown address answers the same 200 {} and sends nothing', async () => {
    const before = await db().mailOutbox.count();
    const res = await call(reset, '/api/auth/reset/', { body: { email: 'nobody-at-all@example.test', site: 'https://kaart.example.nl' } });
    expect(res.status).toBe(200);
    expect(res.text).toBe('{}');
    expect(await db().mailOutbox.count({ where: { to: 'nobody-at-all@example.test' } })).toBe(0);
    expect(before).toBeGreaterThanOrEqual(0);
  });

  test('[R7.06] an unknown site (or a forged Host) never becomes the link origin: APP_URL is used', async () => {
    const u = await createUser();
    await call(reset, '/api/auth/reset', { body: { email: u.email, site: 'https://evil.example' }, headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
    const link = resetLink(await inbox.waitFor(u.email, /\/password-reset\//));
    expect(link.origin).toBe('http://localhost:3000');
  });

  test('[R7.06] invalid e-mail → 400 field error', async () => {
    const res = await call(reset, '/api/auth/reset', { body: { email: 'x', site: '' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ email: ['Enter a valid email address.'] });
  });
});

describe('POST /api/auth/resetPassword', () => {
  test.each([
    ['bad uid', { uid: 'zzz', pw_token: 'abc' }, "Invalid user id or user doesn't exist."],
    ['bad token', { uid: 'MQ', pw_token: 'abc' }, 'Invalid token for given user.'],
  ])('[R7.07] %s → 400 {"detail"}', async (_n, extra, detail) => {
    const u = await createUser();
    const uid = extra.uid === 'MQ' ? encodeUid(u.id) : extra.uid;
    const res = await call(resetPassword, '/api/auth/resetPassword', { body: { password: NEW_PASSWORD, ...extra, uid } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail });
  });

  test('[R7.07] a weak new password from a valid link → 400 {"password": [...]}; the link stays usable', async () => {
    const u = await createUser();
    await call(reset, '/api/auth/reset', { body: { email: u.email, site: '' } });
    const link = resetLink(await inbox.waitFor(u.email, /\/password-reset\//));
    const weak = await call(resetPassword, '/api/auth/resetPassword', { body: { password: 'short', uid: link.uid, pw_token: link.token } });
    expect(weak.status).toBe(400);
    expect(weak.body).toEqual({ password: ['This password is too short. It must contain at least 8 characters.'] });
    const ok = await call(resetPassword, '/api/auth/resetPassword', { body: { password: NEW_PASSWORD, uid: link.uid, pw_token: link.token } });
    expect(ok.status).toBe(200);
  });

  test('[R7.07] profile change (pw_token false, own uid, session): other sessions and tokens end, this session stays', async () => {
    const u = await createUser();
    const cookie = await sessionCookie(u.id);
    const other = await sessionCookie(u.id);
    const res = await call(resetPassword, '/api/auth/resetPassword', { cookie, body: { password: NEW_PASSWORD, uid: u.id, pw_token: false } });
    expect(res.status).toBe(200);
    expect((await call(users, '/api/users', { cookie })).status).toBe(200);
    expect((await call(users, '/api/users', { cookie: other })).status).toBe(401);
    expect((await call(users, '/api/users', { token: u.token })).status).toBe(401);
    const newLogin = await call(login, '/auth/login/', { body: { username: u.username, password: NEW_PASSWORD } });
    expect(newLogin.status).toBe(200);
  });

  test('[R7.07] profile change: anonymous 401, another uid 400, wrong optional old_password 400', async () => {
    const u = await createUser();
    const anon = await call(resetPassword, '/api/auth/resetPassword', { body: { password: NEW_PASSWORD, uid: u.id, pw_token: false } });
    expect(anon.status).toBe(401);
    const foreign = await call(resetPassword, '/api/auth/resetPassword', { token: u.token, body: { password: NEW_PASSWORD, uid: u.id + 1, pw_token: false } });
    expect(foreign.status).toBe(400);
    const old = await call(resetPassword, '/api/auth/resetPassword', { token: u.token, body: { password: NEW_PASSWORD, uid: u.id, pw_token: false, old_password: 'nope' } });
    expect(old.status).toBe(400);
    expect(old.body).toEqual({ old_password: ['Your old password was entered incorrectly. Please enter it again.'] });
    const withOld = await call(resetPassword, '/api/auth/resetPassword', { token: u.token, body: { password: NEW_PASSWORD, uid: u.id, pw_token: false, old_password: u.password } });
    expect(withOld.status).toBe(200);
    expect((await call(users, '/api/users', { token: u.token })).status).toBe(200);
  });
});
