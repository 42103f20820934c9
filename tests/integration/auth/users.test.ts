import { beforeAll, describe, expect, test } from 'vitest';
import { PATCH as patchProfile } from '@/app/api/extendUsers/[id]/route';
import { GET as extendUsers } from '@/app/api/extendUsers/route';
import { GET as apiLogout } from '@/app/api/auth/logout/route';
import { DELETE as deleteUser } from '@/app/api/users/[id]/route';
import { GET as users } from '@/app/api/users/route';
import { POST as trenchLogout } from '@/app/auth/logout/route';
import { db } from '@/lib/server/db';
import { createUser, sessionCookie, unique } from '../../helpers/factories';
import { call } from '../../helpers/http';
import { enableApp, seedSafely } from './helpers';

beforeAll(async () => {
  await seedSafely();
});

describe('GET /api/users', () => {
  test('[R7.11] [R3.01] results[0] is the current user {id, username, email, date_joined, last_login}', async () => {
    const u = await createUser();
    await createUser();
    const res = await call(users, '/api/users', { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1);
    expect(Object.keys(res.body.results[0])).toEqual(['id', 'username', 'email', 'date_joined', 'last_login']);
    expect(res.body.results[0]).toMatchObject({ id: u.id, username: u.username, email: u.email, last_login: null });
    expect(res.body.results[0].date_joined).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
    const slash = await call(users, '/api/users/', { token: u.token });
    expect(slash.status).toBe(200);
  });

  test('[R6.02] anonymous → 401', async () => {
    const res = await call(users, '/api/users');
    expect(res.status).toBe(401);
    expect(res.text).toBe('{"detail":"Authentication credentials were not provided."}');
  });
});

describe('profile (extendUsers)', () => {
  test('[R7.13] [R3.02] results[0] is the own profile with the active MFA method names', async () => {
    const u = await createUser();
    await enableApp(u.token);
    const res = await call(extendUsers, '/api/extendUsers', { token: u.token });
    expect(res.status).toBe(200);
    const p = res.body.results[0];
    expect(Object.keys(p)).toEqual(['id', 'company', 'street', 'number', 'city', 'country', 'mfa_required', 'mfa']);
    expect(p).toMatchObject({ company: '', mfa_required: false, mfa: ['app'] });
  });

  test('[R7.14] PATCH updates own fields; mfa_required cannot be set by the user; other ids 404', async () => {
    const u = await createUser();
    const other = await createUser();
    const mine = (await call(extendUsers, '/api/extendUsers', { token: u.token })).body.results[0];
    const theirs = (await call(extendUsers, '/api/extendUsers', { token: other.token })).body.results[0];
    await db().profile.update({ where: { id: mine.id }, data: { mfaRequired: true } });
    const res = await call(patchProfile, `/api/extendUsers/${mine.id}`, {
      method: 'PATCH',
      token: u.token,
      params: { id: String(mine.id) },
      body: { company: 'Kaartbureau', street: 'Dam', number: '1a', city: 'Amsterdam', country: 'NL', mfa_required: false },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: mine.id, company: 'Kaartbureau', street: 'Dam', number: '1a', city: 'Amsterdam', country: 'NL', mfa_required: true });
    const foreign = await call(patchProfile, `/api/extendUsers/${theirs.id}/`, { method: 'PATCH', token: u.token, params: { id: String(theirs.id) }, body: { company: 'x' } });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ detail: 'Not found.' });
    const long = await call(patchProfile, `/api/extendUsers/${mine.id}`, { method: 'PATCH', token: u.token, params: { id: String(mine.id) }, body: { number: 'x'.repeat(51) } });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ number: ['Ensure this field has no more than 50 characters.'] });
  });
});

describe('logout', () => {
  test('[R7.08] [R4.01] GET /api/auth/logout deletes the presented token only', async () => {
    const u = await createUser();
    const cookie = await sessionCookie(u.id);
    const res = await call(apiLogout, '/api/auth/logout', { token: u.token });
    expect(res.status).toBe(204);
    expect((await call(users, '/api/users', { token: u.token })).status).toBe(401);
    expect((await call(users, '/api/users', { cookie })).status).toBe(200);
  });

  test('[R7.08] [R2.23] with the browser session: the session row is deleted and the cookie cleared', async () => {
    const u = await createUser();
    const cookie = await sessionCookie(u.id);
    const res = await call(apiLogout, '/api/auth/logout/', { cookie });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toMatch(/^mapspace\.session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax/);
    expect((await call(users, '/api/users', { cookie })).status).toBe(401);
    expect(await db().session.count({ where: { userId: u.id } })).toBe(0);
    expect((await call(users, '/api/users', { token: u.token })).status).toBe(200);
  });

  test('[R7.08] POST /auth/logout/ (trench develop) → 204 and the token is gone', async () => {
    const u = await createUser();
    const res = await call(trenchLogout, '/auth/logout/', { method: 'POST', token: u.token });
    expect(res.status).toBe(204);
    expect((await call(users, '/api/users', { token: u.token })).status).toBe(401);
  });
});

describe('DELETE /api/users/{id}/', () => {
  test("[R7.12] another user's id → 404 and nothing is deleted", async () => {
    const u = await createUser();
    const other = await createUser();
    const res = await call(deleteUser, `/api/users/${other.id}/`, { method: 'DELETE', token: u.token, params: { id: String(other.id) } });
    expect(res.status).toBe(404);
    expect(await db().user.count({ where: { id: other.id } })).toBe(1);
  });

  test('[R7.12] deleting oneself removes the user, tokens, sessions, MFA and administered accounts with everything in them; no orphan rows', async () => {
    const u = await createUser();
    const stranger = await createUser();
    await enableApp(u.token);
    const cookie = await sessionCookie(u.id);
    const acc = await db().account.create({ data: { name: 'Mine', slug: unique('acc'), adminId: u.id, members: { create: { userId: u.id, role: 'admin' } } } });
    const foreignAcc = await db().account.create({ data: { name: 'Theirs', slug: unique('acc'), adminId: stranger.id, members: { create: [{ userId: stranger.id, role: 'admin' }, { userId: u.id }] } } });
    const ws = await db().workspace.create({ data: { name: 'W', adminId: u.id, accountId: acc.id } });
    const ds = await db().dataSource.create({ data: { name: 'D', accountId: acc.id, createdById: u.id } });
    await db().layer.create({ data: { name: 'L', workspaceId: ws.id, dataSourceId: ds.id } });
    const group = await db().userGroup.create({ data: { name: 'G', accountId: acc.id } });

    const res = await call(deleteUser, `/api/users/${u.id}/`, { method: 'DELETE', cookie, params: { id: String(u.id) } });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    const counts = await Promise.all([
      db().user.count({ where: { id: u.id } }),
      db().profile.count({ where: { userId: u.id } }),
      db().apiToken.count({ where: { userId: u.id } }),
      db().session.count({ where: { userId: u.id } }),
      db().mfaMethod.count({ where: { userId: u.id } }),
      db().loginChallenge.count({ where: { userId: u.id } }),
      db().userToken.count({ where: { userId: u.id } }),
      db().account.count({ where: { id: acc.id } }),
      db().accountMember.count({ where: { userId: u.id } }),
      db().workspace.count({ where: { id: ws.id } }),
      db().dataSource.count({ where: { id: ds.id } }),
      db().layer.count({ where: { workspaceId: ws.id } }),
      db().userGroup.count({ where: { id: group.id } }),
    ]);
    expect(counts).toEqual(Array(counts.length).fill(0));
    expect(await db().account.count({ where: { id: foreignAcc.id } })).toBe(1);
    expect((await call(users, '/api/users', { token: u.token })).status).toBe(401);
    expect((await call(users, '/api/users', { token: stranger.token })).status).toBe(200);
  });
});

describe('OpenAPI', () => {
  test('[D.02] every auth endpoint is in the OpenAPI document with its response schema', async () => {
    const { GET: schema } = await import('@/app/api/schema/route');
    const res = await call(schema, '/api/schema');
    const paths = Object.keys(res.body.paths);
    for (const p of ['/auth/login/', '/auth/login/code/', '/auth/mfa/user-active-methods/', '/api/auth/register', '/api/users', '/api/extendUsers']) {
      expect(paths.some((x) => x.replace(/\/$/, '') === p.replace(/\/$/, '')), p).toBe(true);
    }
  });
});
