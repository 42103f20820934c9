import { describe, expect, test } from 'vitest';
import { DELETE as deleteAccountRoute, GET as getAccountRoute, PATCH as patchAccount } from '@/app/api/accounts/[id]/route';
import { GET as listAccountsRoute, POST as postAccount } from '@/app/api/accounts/route';
import { db } from '@/lib/server/db';
import { call } from '../../helpers/http';
import { createUser, sessionCookie, tenant, unique, world } from './fixtures';

describe('GET /api/accounts', () => {
  test('[R7.19] [R1.01] answers the DRF page envelope of the accounts the caller administers or belongs to', async () => {
    const w = await world();
    const res = await call(listAccountsRoute, '/api/accounts', { token: w.owner.user.token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['count', 'next', 'previous', 'results']);
    expect(res.body.count).toBe(1);
    expect(res.body.results[0]).toEqual({
      id: w.owner.account.id,
      name: w.owner.account.name,
      slug: w.owner.account.slug,
      description: 'd',
      admin: w.owner.user.id,
      plan: { id: expect.any(Number), name: 'Free trial', slug: 'trial' },
      trial_ends_at: expect.any(String),
    });
    const asMember = await call(listAccountsRoute, '/api/accounts', { token: w.member.token });
    expect(asMember.body.results.map((a: { id: number }) => a.id)).toEqual([w.owner.account.id]);
  });

  test('never lists foreign accounts (an invitee, an editor and a stranger see none of the owner\'s)', async () => {
    const w = await world();
    for (const u of [w.viewer, w.editor, w.stranger.user]) {
      const res = await call(listAccountsRoute, '/api/accounts', { token: u.token });
      expect(res.body.results.map((a: { id: number }) => a.id)).not.toContain(w.owner.account.id);
    }
  });

  test('anonymous → 401', async () => {
    const res = await call(listAccountsRoute, '/api/accounts');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  test('paging: ?page_size=1&page=2', async () => {
    const u = await createUser();
    for (let i = 0; i < 3; i++) await call(postAccount, '/api/accounts', { token: u.token, body: { name: `P${i}`, description: 'x' } });
    const res = await call(listAccountsRoute, '/api/accounts?page_size=1&page=2', { token: u.token });
    expect(res.body.count).toBe(3);
    expect(res.body.results).toHaveLength(1);
    expect(res.body.next).toContain('page=3');
    expect(res.body.previous).not.toContain('page=');
  });
});

describe('POST /api/accounts', () => {
  test('[R7.20] [R6.03] [R3.03] the creator becomes admin; a sent admin is ignored (mass assignment)', async () => {
    const u = await createUser();
    const other = await createUser();
    const res = await call(postAccount, '/api/accounts', { token: u.token, body: { admin: other.id, name: 'Gemeente Utrecht', description: 'Maps', id: 999, slug: 'x', plan: 3 } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Gemeente Utrecht', description: 'Maps', admin: u.id, slug: 'gemeente-utrecht' });
    expect(res.body.id).not.toBe(999);
    const member = await db().accountMember.findFirstOrThrow({ where: { accountId: res.body.id } });
    expect(member).toMatchObject({ userId: u.id, role: 'admin' });
  });

  test('[R1.02] a new account is on the free trial that ends 30 days after creation', async () => {
    const u = await createUser();
    const before = Date.now();
    const res = await call(postAccount, '/api/accounts', { token: u.token, body: { name: 'Trial', description: 'x' } });
    expect(res.body.plan.slug).toBe('trial');
    const ends = new Date(res.body.trial_ends_at).getTime();
    expect(ends - before).toBeGreaterThanOrEqual(30 * 86_400_000 - 1000);
    expect(ends - before).toBeLessThanOrEqual(30 * 86_400_000 + 60_000);
  });

  test('slugs are unique (-2, -3 …) and stable when the name changes', async () => {
    const u = await createUser();
    const name = unique('Same Name ');
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await call(postAccount, '/api/accounts', { token: u.token, body: { name, description: 'x' } })).body.slug);
    const base = name.toLowerCase().replace(/ /g, '-');
    expect(slugs).toEqual([base, `${base}-2`, `${base}-3`]);
    const acc = (await call(listAccountsRoute, '/api/accounts', { token: u.token })).body.results[0];
    const patched = await call(patchAccount, `/api/accounts/${acc.id}`, { method: 'PATCH', token: u.token, params: { id: String(acc.id) }, body: { name: 'Renamed', slug: 'hacked' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Renamed', slug: acc.slug });
  });

  test('concurrent creates with the same name still get distinct slugs', async () => {
    const u = await createUser();
    const name = unique('Race ');
    const results = await Promise.all(Array.from({ length: 5 }, () => call(postAccount, '/api/accounts', { token: u.token, body: { name, description: 'x' } })));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.body.slug)).size).toBe(5);
  });

  test.each([
    ['missing name and description', {}, { name: ['This field is required.'], description: ['This field is required.'] }],
    ['blank name', { name: '  ', description: 'x' }, { name: ['This field may not be blank.'] }],
    ['null description', { name: 'x', description: null }, { description: ['This field may not be null.'] }],
    ['name too long', { name: 'x'.repeat(256), description: 'x' }, { name: ['Ensure this field has no more than 255 characters.'] }],
  ])('[R5.02] %s → 400 with DRF messages', async (_n, body, expected) => {
    const u = await createUser();
    const res = await call(postAccount, '/api/accounts', { token: u.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(expected);
  });

  test('cookie session without Origin → 403 CSRF; with Origin → 201', async () => {
    const u = await createUser();
    const cookie = await sessionCookie(u.id);
    const bad = await call(postAccount, '/api/accounts', { cookie, headers: { origin: 'https://evil.example' }, body: { name: 'x', description: 'y' } });
    expect(bad.status).toBe(403);
    const ok = await call(postAccount, '/api/accounts', { cookie, body: { name: 'x', description: 'y' } });
    expect(ok.status).toBe(201);
  });
});

describe('PATCH/GET /api/accounts/{id}', () => {
  test('admin updates name and description; a member gets 403; others 404', async () => {
    const w = await world();
    const id = String(w.owner.account.id);
    const ok = await call(patchAccount, `/api/accounts/${id}`, { method: 'PATCH', token: w.owner.user.token, params: { id }, body: { description: 'new', admin: w.member.id } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ description: 'new', admin: w.owner.user.id });
    expect((await call(patchAccount, `/api/accounts/${id}`, { method: 'PATCH', token: w.member.token, params: { id }, body: { name: 'x' } })).status).toBe(403);
    for (const u of [w.viewer, w.editor, w.stranger.user]) {
      expect((await call(patchAccount, `/api/accounts/${id}`, { method: 'PATCH', token: u.token, params: { id }, body: { name: 'x' } })).status).toBe(404);
      expect((await call(getAccountRoute, `/api/accounts/${id}`, { token: u.token, params: { id } })).status).toBe(404);
    }
    expect((await call(getAccountRoute, `/api/accounts/${id}`, { token: w.member.token, params: { id } })).body.name).toBe(w.owner.account.name);
    expect((await call(patchAccount, `/api/accounts/${id}`, { method: 'PATCH', token: w.owner.user.token, params: { id }, body: { name: '' } })).body).toEqual({ name: ['This field may not be blank.'] });
  });
});

describe('DELETE /api/accounts/{id}', () => {
  test('[R7.21] admin deletes: 204, everything in it cascades, second delete 404', async () => {
    const t = await tenant();
    const ws = t.workspace.id;
    await db().layer.create({ data: { workspaceId: ws, name: 'L' } });
    const viewer = await createUser();
    await db().invite.create({ data: { workspaceId: ws, userId: viewer.id } });
    await db().shareLink.create({ data: { workspaceId: ws, tokenHash: 'a'.repeat(64 - 6) + unique('').slice(-6).padStart(6, '0') } });
    await db().dataSource.create({ data: { accountId: t.account.id, name: 'ds' } });
    await db().userGroup.create({ data: { accountId: t.account.id, name: 'g' } });
    await db().profile.update({ where: { userId: viewer.id }, data: { demoWorkspaceId: ws } });
    const id = String(t.account.id);
    const res = await call(deleteAccountRoute, `/api/accounts/${id}`, { method: 'DELETE', token: t.user.token, params: { id } });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await db().workspace.count({ where: { accountId: t.account.id } })).toBe(0);
    expect(await db().layer.count({ where: { workspaceId: ws } })).toBe(0);
    expect(await db().invite.count({ where: { workspaceId: ws } })).toBe(0);
    expect(await db().shareLink.count({ where: { workspaceId: ws } })).toBe(0);
    expect(await db().dataSource.count({ where: { accountId: t.account.id } })).toBe(0);
    expect(await db().userGroup.count({ where: { accountId: t.account.id } })).toBe(0);
    expect(await db().accountMember.count({ where: { accountId: t.account.id } })).toBe(0);
    expect((await db().profile.findUniqueOrThrow({ where: { userId: viewer.id } })).demoWorkspaceId).toBeNull();
    expect(await db().user.count({ where: { id: t.user.id } })).toBe(1);
    expect((await call(deleteAccountRoute, `/api/accounts/${id}`, { method: 'DELETE', token: t.user.token, params: { id } })).status).toBe(404);
  });

  test('foreign → 404, member → 403, anonymous → 401, nothing deleted', async () => {
    const w = await world();
    const id = String(w.owner.account.id);
    for (const u of [w.viewer, w.editor, w.stranger.user]) {
      expect((await call(deleteAccountRoute, `/api/accounts/${id}`, { method: 'DELETE', token: u.token, params: { id } })).status).toBe(404);
    }
    expect((await call(deleteAccountRoute, `/api/accounts/${id}`, { method: 'DELETE', token: w.member.token, params: { id } })).status).toBe(403);
    expect((await call(deleteAccountRoute, `/api/accounts/${id}`, { method: 'DELETE', params: { id } })).status).toBe(401);
    expect((await call(deleteAccountRoute, '/api/accounts/abc', { method: 'DELETE', token: w.owner.user.token, params: { id: 'abc' } })).status).toBe(404);
    expect(await db().account.count({ where: { id: w.owner.account.id } })).toBe(1);
  });
});
