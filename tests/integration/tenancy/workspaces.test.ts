import { describe, expect, test } from 'vitest';
import { PUT as cloneRoute } from '@/app/api/cloneWorkspace/route';
import { DELETE as deleteWs, GET as getWs, PATCH as patchWs } from '@/app/api/workspaces/[id]/route';
import { GET as listWs, POST as postWs } from '@/app/api/workspaces/route';
import { db } from '@/lib/server/db';
import { DEFAULT_CAMERA, DEFAULT_WORKSPACE_PLUGINS } from '@/lib/workspace-defaults';
import { call } from '../../helpers/http';
import { createUser, tenant, world } from './fixtures';
import { recordFigure } from '../../support/figures';

const patch = (id: number, token: string, body: unknown, headers?: Record<string, string>) =>
  call(patchWs, `/api/workspaces/${id}`, { method: 'PATCH', token, params: { id: String(id) }, body, headers });

describe('GET /api/workspaces?account=', () => {
  test('[R7.22] a plain JSON array of the account\'s workspaces with the wire shape', async () => {
    const t = await tenant();
    await db().layer.createMany({ data: [{ workspaceId: t.workspace.id, name: 'a' }, { workspaceId: t.workspace.id, name: 'b' }] });
    const res = await call(listWs, `/api/workspaces?account=${t.account.id}`, { token: t.user.token });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toHaveLength(1);
    expect(Object.keys(res.body[0]).sort()).toEqual(
      ['account', 'admin', 'camera', 'date_modified', 'description', 'editors', 'id', 'layerCount', 'mobile', 'name', 'plan', 'role', 'version', 'workspacePlugins'].sort(),
    );
    expect(res.body[0]).toMatchObject({ id: t.workspace.id, admin: t.user.id, account: t.account.id, layerCount: 2, editors: [], role: 'admin', plan: { name: 'Free trial' } });
  });

  test('a foreign account id gives an empty list, never foreign rows', async () => {
    const w = await world();
    for (const u of [w.stranger.user]) {
      const res = await call(listWs, `/api/workspaces?account=${w.owner.account.id}`, { token: u.token });
      expect(res.body).toEqual([]);
      const all = await call(listWs, '/api/workspaces', { token: u.token });
      expect(all.body.map((x: { id: number }) => x.id)).not.toContain(w.owner.workspace.id);
    }
    const asViewer = await call(listWs, `/api/workspaces?account=${w.owner.account.id}`, { token: w.viewer.token });
    expect(asViewer.body.map((x: { role: string }) => x.role)).toEqual(['viewer']);
    const asEditor = await call(listWs, `/api/workspaces?account=${w.owner.account.id}`, { token: w.editor.token });
    expect(asEditor.body.map((x: { role: string }) => x.role)).toEqual(['editor']);
  });

  test('anonymous → 401; a bad account filter → 400', async () => {
    expect((await call(listWs, '/api/workspaces?account=1')).status).toBe(401);
    const u = await createUser();
    const res = await call(listWs, '/api/workspaces?account=abc', { token: u.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ account: ['Incorrect type. Expected pk value, received str.'] });
  });
});

describe('POST /api/workspaces', () => {
  test('[R7.23] [R3.04] admin forced to the caller, account plan, plugin and camera defaults', async () => {
    const t = await tenant();
    const other = await createUser();
    const res = await call(postWs, '/api/workspaces', { token: t.user.token, body: { admin: other.id, name: 'Nieuw', description: 'Omschrijving', account: t.account.id, version: 9 } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Nieuw', description: 'Omschrijving', admin: t.user.id, account: t.account.id, plan: { name: 'Free trial' }, editors: [], mobile: false, layerCount: 0, version: 1 });
    expect(JSON.parse(res.body.camera)).toEqual(DEFAULT_CAMERA);
    const plugins = JSON.parse(res.body.workspacePlugins);
    expect(plugins).toEqual(DEFAULT_WORKSPACE_PLUGINS);
    expect(plugins.elevationWidget.profiles).toEqual([expect.objectContaining({ title: 'AHN3/AHN4', color: 'red' })]);
    expect(plugins.biWidget.url).toBe('');
    expect(plugins.splitPanel).toBeTruthy();
  });

  test('an account the caller does not manage (foreign, member-only, missing) → 400 on account', async () => {
    const w = await world();
    for (const [token, account] of [
      [w.stranger.user.token, w.owner.account.id],
      [w.member.token, w.owner.account.id],
      [w.owner.user.token, 2147483000],
    ] as const) {
      const res = await call(postWs, '/api/workspaces', { token, body: { name: 'x', description: 'y', account } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ account: [`Invalid pk "${account}" - object does not exist.`] });
    }
    expect(await db().workspace.count({ where: { accountId: w.owner.account.id } })).toBe(1);
  });

  test.each([
    ['empty body', {}, { name: ['This field is required.'], description: ['This field is required.'], account: ['This field is required.'] }],
    ['blank name', { name: '', description: 'x', account: 1 }, { name: ['This field may not be blank.'] }],
    ['blank description', { name: 'x', description: ' ', account: 1 }, { description: ['This field may not be blank.'] }],
    ['account as text', { name: 'x', description: 'y', account: 'abc' }, { account: ['Incorrect type. Expected pk value, received str.'] }],
  ])('[R5.01] %s → 400', async (_n, body, expected) => {
    const u = await createUser();
    const res = await call(postWs, '/api/workspaces', { token: u.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(expected);
  });
});

describe('GET /api/workspaces/{id}', () => {
  test('[R7.24] answers the workspace with its visible layer tree (restricted layers hidden from viewers)', async () => {
    const w = await world();
    const ws = w.owner.workspace.id;
    const group = await db().userGroup.create({ data: { accountId: w.owner.account.id, name: 'g' } });
    const parent = await db().layer.create({ data: { workspaceId: ws, name: 'Group', isGroup: true } });
    await db().layer.create({ data: { workspaceId: ws, name: 'Child', parentId: parent.id } });
    await db().layer.create({ data: { workspaceId: ws, name: 'Secret', userGroups: { create: { userGroupId: group.id } } } });
    const asOwner = await call(getWs, `/api/workspaces/${ws}`, { token: w.owner.user.token, params: { id: String(ws) } });
    expect(asOwner.status).toBe(200);
    expect(asOwner.body.layers.map((l: { name: string }) => l.name)).toEqual(['Group', 'Secret']);
    expect(asOwner.body.layers[0].layers[0]).toMatchObject({ name: 'Child', level: 1 });
    expect(asOwner.body.layerCount).toBe(3);
    const asViewer = await call(getWs, `/api/workspaces/${ws}`, { token: w.viewer.token, params: { id: String(ws) } });
    expect(asViewer.body.role).toBe('viewer');
    expect(asViewer.body.layers.map((l: { name: string }) => l.name)).toEqual(['Group']);
    // The list counts what the caller may see too, like the detail ([R7.22]).
    expect(asViewer.body.layerCount).toBe(2);
    const listed = async (token: string) =>
      ((await call(listWs, `/api/workspaces?account=${w.owner.account.id}`, { token })).body as { id: number; layerCount: number }[]).find((x) => x.id === ws)!.layerCount;
    expect(await listed(w.owner.user.token)).toBe(3);
    expect(await listed(w.viewer.token)).toBe(2);
    await db().userGroupMember.create({ data: { groupId: group.id, userId: w.viewer.id } });
    expect(await listed(w.viewer.token)).toBe(3);
  });

  test('anonymous without token → 401; unknown or non-numeric id → 404', async () => {
    const t = await tenant();
    const id = String(t.workspace.id);
    expect((await call(getWs, `/api/workspaces/${id}`, { params: { id } })).status).toBe(401);
    expect((await call(getWs, '/api/workspaces/2147483000', { token: t.user.token, params: { id: '2147483000' } })).body).toEqual({ detail: 'Not found.' });
    expect((await call(getWs, '/api/workspaces/x', { token: t.user.token, params: { id: 'x' } })).status).toBe(404);
  });
});

describe('PATCH /api/workspaces/{id}', () => {
  test('updates settings and increments the version', async () => {
    const t = await tenant();
    const camera = JSON.stringify({ center: [4.9, 52.37], zoom: 12, bearing: 10, pitch: 30 });
    const plugins = JSON.stringify({ ...DEFAULT_WORKSPACE_PLUGINS, biWidget: { enabled: true, url: 'https://bi.example.com/x' } });
    const res = await patch(t.workspace.id, t.user.token, { name: 'New', description: 'D2', camera, workspacePlugins: plugins, mobile: true, version: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'New', description: 'D2', camera, workspacePlugins: plugins, mobile: true, version: 2 });
    const again = await patch(t.workspace.id, t.user.token, { name: 'Newer' }, { 'if-match': '"2"' });
    expect(again.body.version).toBe(3);
  });

  test('a stale version (body or If-Match) → 409 and nothing changes', async () => {
    const t = await tenant();
    const res = await patch(t.workspace.id, t.user.token, { name: 'Stale', version: 7 });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBeTruthy();
    expect((await patch(t.workspace.id, t.user.token, { name: 'Stale' }, { 'if-match': '5' })).status).toBe(409);
    expect((await db().workspace.findUniqueOrThrow({ where: { id: t.workspace.id } })).name).not.toBe('Stale');
  });

  test('100 parallel PATCHes with the same version → exactly 1 success and 99 × 409', async () => {
    const t = await tenant();
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => patch(t.workspace.id, t.user.token, { name: `P${i}`, version: 1 })));
    const statuses = results.map((r) => r.status);
    recordFigure('concurrent edits', { patches: 100, successes: statuses.filter((s) => s === 200).length, conflicts409: statuses.filter((s) => s === 409).length });
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    expect((await db().workspace.findUniqueOrThrow({ where: { id: t.workspace.id } })).version).toBe(2);
  });

  test.each([
    ['camera not JSON', { camera: '{nope' }, 'camera'],
    ['camera missing zoom', { camera: JSON.stringify({ center: [1, 2], bearing: 0, pitch: 0 }) }, 'camera'],
    ['camera latitude out of range', { camera: JSON.stringify({ center: [1, 200], zoom: 1, bearing: 0, pitch: 0 }) }, 'camera'],
    ['camera an array', { camera: '[]' }, 'camera'],
    ['plugins unknown key', { workspacePlugins: JSON.stringify({ evil: true }) }, 'workspacePlugins'],
    ['plugins bad bi url', { workspacePlugins: JSON.stringify({ biWidget: { enabled: true, url: 'javascript:alert(1)' } }) }, 'workspacePlugins'],
    ['mobile not boolean', { mobile: 'maybe' }, 'mobile'],
    ['blank name', { name: '' }, 'name'],
    ['editors not a list', { editors: 'x' }, 'editors'],
  ])('%s → 400 on the field', async (_n, body, field) => {
    const t = await tenant();
    const res = await patch(t.workspace.id, t.user.token, body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual([field]);
  });

  test('admin sets editors; unknown user ids → 400; an editor sending editors → 403; admin/account/id are ignored', async () => {
    const w = await world();
    const ws = w.owner.workspace.id;
    const ok = await patch(ws, w.owner.user.token, { editors: [w.editor.id, w.viewer.id] });
    expect(ok.status).toBe(200);
    expect(ok.body.editors.sort()).toEqual([w.editor.id, w.viewer.id].sort());
    expect((await patch(ws, w.owner.user.token, { editors: [2147483000] })).body).toEqual({ editors: ['Invalid pk "2147483000" - object does not exist.'] });
    expect((await patch(ws, w.editor.token, { editors: [w.editor.id] })).status).toBe(403);
    const sneaky = await patch(ws, w.editor.token, { name: 'by editor', admin: w.editor.id, account: w.stranger.account.id, id: 1 });
    expect(sneaky.status).toBe(200);
    const row = await db().workspace.findUniqueOrThrow({ where: { id: ws } });
    expect(row).toMatchObject({ name: 'by editor', adminId: w.owner.user.id, accountId: w.owner.account.id, id: ws });
    const cleared = await patch(ws, w.owner.user.token, { editors: [] });
    expect(cleared.body.editors).toEqual([]);
  });
});

describe('permission changes take effect at once', () => {
  test('an editor removed from the list is refused on the next request; an invite removed hides the workspace', async () => {
    const w = await world();
    const ws = w.owner.workspace.id;
    expect((await patch(ws, w.editor.token, { name: 'edit 1' })).status).toBe(200);
    await patch(ws, w.owner.user.token, { editors: [] });
    expect((await patch(ws, w.editor.token, { name: 'edit 2' })).status).toBe(404);
    await db().workspaceEditor.create({ data: { workspaceId: ws, userId: w.viewer.id } });
    expect((await patch(ws, w.viewer.token, { name: 'edit 3' })).status).toBe(200);
    await db().workspaceEditor.deleteMany({ where: { workspaceId: ws, userId: w.viewer.id } });
    expect((await patch(ws, w.viewer.token, { name: 'edit 4' })).status).toBe(403);
  });

  test('__proto__ and constructor keys in a body change nothing', async () => {
    const t = await tenant();
    const res = await call(postWs, '/api/workspaces', {
      token: t.user.token,
      rawBody: `{"name":"p","description":"d","account":${t.account.id},"__proto__":{"admin":1,"isAdmin":true},"constructor":{"prototype":{"polluted":true}}}`,
      contentType: 'application/json',
    });
    expect(res.status).toBe(201);
    expect(res.body.admin).toBe(t.user.id);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});

describe('DELETE /api/workspaces/{id}', () => {
  test('[R7.25] admin deletes (204), the second time 404; layers, invites and links go with it', async () => {
    const w = await world();
    const ws = w.owner.workspace.id;
    await db().layer.create({ data: { workspaceId: ws, name: 'L' } });
    const res = await call(deleteWs, `/api/workspaces/${ws}`, { method: 'DELETE', token: w.owner.user.token, params: { id: String(ws) } });
    expect(res.status).toBe(204);
    expect(await db().invite.count({ where: { workspaceId: ws } })).toBe(0);
    expect(await db().layer.count({ where: { workspaceId: ws } })).toBe(0);
    const again = await call(deleteWs, `/api/workspaces/${ws}`, { method: 'DELETE', token: w.owner.user.token, params: { id: String(ws) } });
    expect(again.status).toBe(404);
  });
});

describe('PUT /api/cloneWorkspace', () => {
  test('[R7.26] copies settings and the whole layer tree with user-group links, never share links, invites or editors', async () => {
    const w = await world();
    const ws = w.owner.workspace.id;
    await patch(ws, w.owner.user.token, { mobile: true, camera: JSON.stringify({ center: [1, 2], zoom: 3, bearing: 0, pitch: 0 }) });
    const group = await db().userGroup.create({ data: { accountId: w.owner.account.id, name: 'g' } });
    const root = await db().layer.create({ data: { workspaceId: ws, name: 'Root', isGroup: true, position: 0 } });
    const mid = await db().layer.create({ data: { workspaceId: ws, name: 'Mid', isGroup: true, parentId: root.id, position: 1 } });
    await db().layer.create({ data: { workspaceId: ws, name: 'Leaf', parentId: mid.id, template: '{"paint":{}}', opacity: 0.5, userGroups: { create: { userGroupId: group.id } } } });
    await db().shareLink.create({ data: { workspaceId: ws, tokenHash: 'c'.repeat(64) } });
    const res = await call(cloneRoute, '/api/cloneWorkspace', { method: 'PUT', token: w.owner.user.token, body: { workspace: ws } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: `${w.owner.workspace.name} (copy)`, mobile: true, admin: w.owner.user.id, account: w.owner.account.id, layerCount: 3, editors: [] });
    expect(JSON.parse(res.body.camera).zoom).toBe(3);
    const copy = res.body.id;
    expect(copy).not.toBe(ws);
    const layers = await db().layer.findMany({ where: { workspaceId: copy }, include: { userGroups: true } });
    const byName = Object.fromEntries(layers.map((l) => [l.name, l]));
    expect(byName.Root.parentId).toBeNull();
    expect(byName.Mid.parentId).toBe(byName.Root.id);
    expect(byName.Leaf.parentId).toBe(byName.Mid.id);
    expect(byName.Leaf).toMatchObject({ template: '{"paint":{}}', opacity: 0.5 });
    expect(byName.Leaf.userGroups.map((g) => g.userGroupId)).toEqual([group.id]);
    expect(await db().shareLink.count({ where: { workspaceId: copy } })).toBe(0);
    expect(await db().invite.count({ where: { workspaceId: copy } })).toBe(0);
    expect(await db().layer.count({ where: { workspaceId: ws } })).toBe(3);
  });

  test('editor/viewer → 403, stranger → 404, anonymous → 401, bad body → 400', async () => {
    const w = await world();
    const body = { workspace: w.owner.workspace.id };
    expect((await call(cloneRoute, '/api/cloneWorkspace', { method: 'PUT', token: w.editor.token, body })).status).toBe(403);
    expect((await call(cloneRoute, '/api/cloneWorkspace', { method: 'PUT', token: w.viewer.token, body })).status).toBe(403);
    expect((await call(cloneRoute, '/api/cloneWorkspace', { method: 'PUT', token: w.stranger.user.token, body })).status).toBe(404);
    expect((await call(cloneRoute, '/api/cloneWorkspace', { method: 'PUT', body })).status).toBe(401);
    expect((await call(cloneRoute, '/api/cloneWorkspace', { method: 'PUT', token: w.owner.user.token, body: {} })).body).toEqual({ workspace: ['This field is required.'] });
    expect(await db().workspace.count({ where: { accountId: w.owner.account.id } })).toBe(1);
  });
});
