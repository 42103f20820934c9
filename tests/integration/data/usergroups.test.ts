import { beforeAll, describe, expect, test } from 'vitest';
import { GET as listGroups, POST as createGroup } from '@/app/api/userGroup/route';
import { DELETE as deleteGroup, GET as getGroup } from '@/app/api/userGroup/[id]/route';
import { GET as listMembers, POST as addMember } from '@/app/api/userGroup/[id]/members/route';
import { DELETE as removeMember } from '@/app/api/userGroup/[id]/members/[userId]/route';
import { GET as listLayers } from '@/app/api/layers/route';
import { db } from '@/lib/server/db';
import { call } from '../../helpers/http';
import { createUser, sessionCookie } from '../../helpers/factories';
import { addAccountMember, twoAccounts, workspace, type TUser } from './setup-data';

let admin: TUser;
let accountId: number;
let other: { admin: TUser; accountId: number };

beforeAll(async () => {
  ({ admin, accountId, other } = await twoAccounts());
}, 120_000);

describe('/api/userGroup', () => {
  test('[R7.28] [R7.29] [R3.07] create → 201 {id, name, date_modified, account}; list answers results', async () => {
    const res = await call(createGroup, '/api/userGroup', { token: admin.token, body: { name: 'Surveyors' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), name: 'Surveyors', date_modified: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), account: accountId });
    const list = await call(listGroups, '/api/userGroup', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: expect.any(Number), next: null, previous: null });
    expect(list.body.results).toContainEqual(res.body);
    const scoped = await call(listGroups, `/api/userGroup?account=${accountId}`, { token: admin.token });
    expect(scoped.body.results.every((g: { account: number }) => g.account === accountId)).toBe(true);
  });

  test('[R5.03] name is required: "This field is required."', async () => {
    for (const [body, msg] of [
      [{}, 'This field is required.'],
      [{ name: '' }, 'This field may not be blank.'],
      [{ name: 'x'.repeat(256) }, 'Ensure this field has no more than 255 characters.'],
    ] as const) {
      const res = await call(createGroup, '/api/userGroup', { token: admin.token, body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ name: [msg] });
    }
  });

  test('a session-cookie create uses the active-account cookie', async () => {
    const second = await db().account.create({ data: { name: 'Second', slug: `second-${admin.id}`, adminId: admin.id }, select: { id: true } });
    const cookie = `${await sessionCookie(admin.id)}; activeAccount=${second.id}`;
    const res = await call(createGroup, '/api/userGroup', { cookie, body: { name: 'In second' } });
    expect(res.status).toBe(201);
    expect(res.body.account).toBe(second.id);
  });

  test('[R7.30] DELETE → 204; then 404', async () => {
    const g = await call(createGroup, '/api/userGroup', { token: admin.token, body: { name: 'Temp' } });
    const id = String(g.body.id);
    expect((await call(deleteGroup, `/api/userGroup/${id}`, { method: 'DELETE', token: admin.token, params: { id } })).status).toBe(204);
    expect((await call(deleteGroup, `/api/userGroup/${id}`, { method: 'DELETE', token: admin.token, params: { id } })).status).toBe(404);
  });

  test('account members read, only admins write (403)', async () => {
    const member = await addAccountMember(accountId);
    const g = await db().userGroup.create({ data: { accountId, name: 'RO' } });
    const id = String(g.id);
    expect((await call(getGroup, `/api/userGroup/${id}`, { token: member.token, params: { id } })).status).toBe(200);
    expect((await call(deleteGroup, `/api/userGroup/${id}`, { method: 'DELETE', token: member.token, params: { id } })).status).toBe(403);
    expect((await call(addMember, `/api/userGroup/${id}/members`, { token: member.token, params: { id }, body: { user: member.username } })).status).toBe(403);
    const create = await call(createGroup, '/api/userGroup', { token: member.token, body: { name: 'x', account: accountId } });
    expect(create.status).toBe(400);
    expect(create.body).toEqual({ account: [`Invalid pk "${accountId}" - object does not exist.`] });
  });

  test('cross-tenant: 404 for every verb, no foreign rows in lists', async () => {
    const g = await db().userGroup.create({ data: { accountId, name: 'Private' } });
    const id = String(g.id);
    const s = other.admin;
    expect((await call(getGroup, `/api/userGroup/${id}`, { token: s.token, params: { id } })).status).toBe(404);
    expect((await call(deleteGroup, `/api/userGroup/${id}`, { method: 'DELETE', token: s.token, params: { id } })).status).toBe(404);
    expect((await call(listMembers, `/api/userGroup/${id}/members`, { token: s.token, params: { id } })).status).toBe(404);
    expect((await call(addMember, `/api/userGroup/${id}/members`, { token: s.token, params: { id }, body: { user: s.username } })).status).toBe(404);
    expect((await call(removeMember, `/api/userGroup/${id}/members/${admin.id}`, { method: 'DELETE', token: s.token, params: { id, userId: String(admin.id) } })).status).toBe(404);
    const list = await call(listGroups, '/api/userGroup', { token: s.token });
    expect(list.body.results.some((r: { id: number }) => r.id === g.id)).toBe(false);
    expect((await call(listGroups, `/api/userGroup?account=${accountId}`, { token: s.token })).status).toBe(404);
    expect(await db().userGroup.count({ where: { id: g.id } })).toBe(1);
    expect((await call(listGroups, '/api/userGroup', {})).status).toBe(401);
  });
});

describe('members', () => {
  test('add by username or e-mail, list, remove; membership opens restricted layers', async () => {
    const g = await db().userGroup.create({ data: { accountId, name: 'Crew' } });
    const id = String(g.id);
    const alice = await createUser();
    const bob = await createUser();
    const ws = await workspace(accountId, admin.id);
    await db().invite.create({ data: { workspaceId: ws.id, userId: alice.id } });
    await db().layer.create({ data: { workspaceId: ws.id, name: 'Crew only', userGroups: { create: { userGroupId: g.id } } } });
    const seen = async () => (await call(listLayers, `/api/layers?workspace=${ws.id}`, { token: alice.token })).body.results.map((l: { name: string }) => l.name);
    expect(await seen()).toEqual([]);

    let res = await call(addMember, `/api/userGroup/${id}/members`, { token: admin.token, params: { id }, body: { user: alice.username } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: alice.id, username: alice.username, email: alice.email });
    res = await call(addMember, `/api/userGroup/${id}/members`, { token: admin.token, params: { id }, body: { user: bob.email.toUpperCase() } });
    expect(res.status).toBe(201);
    expect(await seen()).toEqual(['Crew only']);

    const list = await call(listMembers, `/api/userGroup/${id}/members`, { token: admin.token, params: { id } });
    expect(list.body.results.map((u: { id: number }) => u.id)).toEqual([alice.id, bob.id]);
    expect((await call(getGroup, `/api/userGroup/${id}`, { token: admin.token, params: { id } })).body.members).toHaveLength(2);

    for (const [body, msg] of [
      [{ user: alice.username }, 'This user is already a member of the group.'],
      [{ user: 'nobody-here' }, 'No user with this username or e-mail address.'],
      [{}, 'This field is required.'],
    ] as const) {
      const bad = await call(addMember, `/api/userGroup/${id}/members`, { token: admin.token, params: { id }, body });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ user: [msg] });
    }

    res = await call(removeMember, `/api/userGroup/${id}/members/${alice.id}`, { method: 'DELETE', token: admin.token, params: { id, userId: String(alice.id) } });
    expect(res.status).toBe(204);
    expect(await seen()).toEqual([]);
    res = await call(removeMember, `/api/userGroup/${id}/members/${alice.id}`, { method: 'DELETE', token: admin.token, params: { id, userId: String(alice.id) } });
    expect(res.status).toBe(404);
  });
});
