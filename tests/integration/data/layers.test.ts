import { beforeAll, describe, expect, test } from 'vitest';
import { GET as listLayers, POST as createLayer } from '@/app/api/layers/route';
import { DELETE as deleteLayer, GET as getLayer, PATCH as patchLayer } from '@/app/api/layers/[id]/route';
import { POST as reorder } from '@/app/api/layers/reorder/route';
import { sha256 } from '@/lib/server/crypto';
import { db } from '@/lib/server/db';
import { call } from '../../helpers/http';
import { createUser } from '../../helpers/factories';
import { accountWithAdmin, addAccountMember, dataSource, ensureSeed, shareLink, workspace, type TUser } from './setup-data';

/**
 * Roles on one workspace: account admin, workspace editor, account member
 * (viewer), invitee (viewer), group member (viewer in the group), a stranger
 * and a share-token holder. One open layer, one restricted group with a child.
 */
let admin: TUser, editor: TUser, member: TUser, invitee: TUser, inGroup: TUser, stranger: TUser;
let accountId: number;
let ws: { id: number; name: string };
let token: string;
let groupId: number;
let ids: { open: number; restricted: number; child: number };

beforeAll(async () => {
  await ensureSeed();
  ({ admin, accountId } = await accountWithAdmin());
  ws = await workspace(accountId, admin.id);
  editor = await createUser();
  await db().workspaceEditor.create({ data: { workspaceId: ws.id, userId: editor.id } });
  member = await addAccountMember(accountId);
  invitee = await createUser();
  await db().invite.create({ data: { workspaceId: ws.id, userId: invitee.id } });
  inGroup = await createUser();
  await db().invite.create({ data: { workspaceId: ws.id, userId: inGroup.id } });
  ({ admin: stranger } = await accountWithAdmin());
  const group = await db().userGroup.create({ data: { accountId, name: 'Field team', members: { create: { userId: inGroup.id } } } });
  groupId = group.id;
  const ds = await dataSource(accountId);
  const open = await db().layer.create({ data: { workspaceId: ws.id, name: 'Open baseLayer', dataSourceId: ds.id, position: 0 } });
  const restricted = await db().layer.create({ data: { workspaceId: ws.id, name: 'Secret group', isGroup: true, position: 1, userGroups: { create: { userGroupId: group.id } } } });
  const child = await db().layer.create({ data: { workspaceId: ws.id, parentId: restricted.id, name: 'Secret child', dataSourceId: ds.id } });
  ids = { open: open.id, restricted: restricted.id, child: child.id };
  token = await shareLink(ws.id);
}, 120_000);

const names = (body: { results: { name: string; layers: { name: string }[] }[] }) => body.results.flatMap((l) => [l.name, ...l.layers.map((c) => c.name)]);

describe('GET /api/layers', () => {
  test('[R7.27] [R3.05] ?workspace= answers the tree as results with the layer fields', async () => {
    const res = await call(listLayers, `/api/layers?workspace=${ws.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 2, next: null, previous: null });
    const [open, group] = res.body.results;
    expect(open).toMatchObject({ id: ids.open, name: 'Open baseLayer', visible: true, data_source: expect.any(Number), template: '{}', layers: [], isLoading: false, error: null, level: 0, baselayer: true });
    expect(open.source).toMatchObject({ type_code: 'xyz', settings: { url: expect.any(String) } });
    expect(group).toMatchObject({ name: 'Secret group', isGroup: true, baselayer: false, user_groups: [groupId] });
    expect(group.layers[0]).toMatchObject({ name: 'Secret child', level: 1, parent: ids.restricted });
  });

  test.each([
    ['account admin', () => admin, true],
    ['workspace editor', () => editor, true],
    ['group member (invitee)', () => inGroup, true],
    ['account member outside the group', () => member, false],
    ['invitee outside the group', () => invitee, false],
  ])('restricted layers for %s: visible=%s', async (_label, who, sees) => {
    const res = await call(listLayers, `/api/layers?workspace=${ws.id}`, { token: who().token });
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(sees ? ['Open baseLayer', 'Secret group', 'Secret child'] : ['Open baseLayer']);
    if (!sees) expect(res.text).not.toContain('Secret');
    const one = await call(getLayer, `/api/layers/${ids.child}`, { token: who().token, params: { id: String(ids.child) } });
    expect(one.status).toBe(sees ? 200 : 404);
  });

  test('share-token viewers: ?token= alone and ?token=&workspace= hide restricted layers', async () => {
    for (const url of [`/api/layers?token=${token}`, `/api/layers?token=${token}&workspace=${ws.id}`]) {
      const res = await call(listLayers, url, {});
      expect(res.status).toBe(200);
      expect(names(res.body)).toEqual(['Open baseLayer']);
      expect(res.text).not.toContain('Secret');
    }
    expect((await call(getLayer, `/api/layers/${ids.restricted}?token=${token}`, { params: { id: String(ids.restricted) } })).status).toBe(404);
    expect((await call(getLayer, `/api/layers/${ids.open}?token=${token}`, { params: { id: String(ids.open) } })).status).toBe(200);
  });

  test('errors: stranger 404, anonymous without a token 401, bad/revoked token 404, missing workspace 400', async () => {
    expect((await call(listLayers, `/api/layers?workspace=${ws.id}`, { token: stranger.token })).status).toBe(404);
    const anonymous = await call(listLayers, `/api/layers?workspace=${ws.id}`, {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    expect((await call(getLayer, `/api/layers/${ids.open}`, { params: { id: String(ids.open) } })).status).toBe(401);
    expect((await call(listLayers, `/api/layers?token=${'x'.repeat(32)}`, {})).status).toBe(404);
    const other = await workspace(accountId, admin.id);
    expect((await call(listLayers, `/api/layers?token=${token}&workspace=${other.id}`, {})).status).toBe(404);
    const revoked = await shareLink(ws.id);
    await db().shareLink.updateMany({ where: { tokenHash: sha256(revoked) }, data: { revokedAt: new Date() } });
    expect((await call(listLayers, `/api/layers?token=${revoked}`, {})).status).toBe(404);
    const missing = await call(listLayers, '/api/layers', { token: admin.token });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ workspace: ['This field is required.'] });
    expect((await call(getLayer, `/api/layers/${ids.open}`, { token: stranger.token, params: { id: String(ids.open) } })).status).toBe(404);
  });
});

describe('layer writes', () => {
  test('create / patch / delete by an editor, with groups and data source', async () => {
    const ds = await dataSource(accountId);
    let res = await call(createLayer, '/api/layers', {
      token: editor.token,
      body: { workspace: ws.id, name: 'New', data_source: ds.id, visible: false, template: '{"paint":{"fill-color":"#f00"}}', opacity: 0.5, user_groups: [groupId] },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ name: 'New', visible: false, data_source: ds.id, opacity: 0.5, user_groups: [groupId], version: 1, position: 2 });
    const id = String(res.body.id);
    // invisible to a viewer outside the group, visible to the group member
    expect((await call(getLayer, `/api/layers/${id}`, { token: member.token, params: { id } })).status).toBe(404);
    expect((await call(getLayer, `/api/layers/${id}`, { token: inGroup.token, params: { id } })).status).toBe(200);

    res = await call(patchLayer, `/api/layers/${id}`, { method: 'PATCH', token: editor.token, params: { id }, body: { name: 'Renamed', user_groups: [], version: 1 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Renamed', user_groups: [], version: 2 });
    expect((await call(getLayer, `/api/layers/${id}`, { token: member.token, params: { id } })).status).toBe(200);

    const stale = await call(patchLayer, `/api/layers/${id}`, { method: 'PATCH', token: editor.token, params: { id }, body: { name: 'x', version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ detail: 'This object was changed by someone else. Reload it and try again.' });

    expect((await call(deleteLayer, `/api/layers/${id}`, { method: 'DELETE', token: member.token, params: { id } })).status).toBe(403);
    expect((await call(deleteLayer, `/api/layers/${id}`, { method: 'DELETE', token: editor.token, params: { id } })).status).toBe(204);
    expect((await call(getLayer, `/api/layers/${id}`, { token: admin.token, params: { id } })).status).toBe(404);
  });

  test.each([
    ['name missing', { }, { name: ['This field is required.'] }],
    ['foreign data source', { name: 'x', data_source: 'FOREIGN_DS' }, { data_source: ['Invalid pk "FOREIGN_DS" - object does not exist.'] }],
    ['foreign group', { name: 'x', user_groups: ['FOREIGN_GROUP'] }, { user_groups: ['Invalid pk "FOREIGN_GROUP" - object does not exist.'] }],
    ['parent of another workspace', { name: 'x', parent: 'FOREIGN_LAYER' }, { parent: ['Invalid pk "FOREIGN_LAYER" - object does not exist.'] }],
    ['template not JSON', { name: 'x', template: '{nope' }, { template: ['Value must be valid JSON.'] }],
    ['template with a bad style key', { name: 'x', template: '{"paint": 3}' }, { template: [expect.stringContaining('paint, layout')] }],
    ['opacity out of range', { name: 'x', opacity: 2 }, { opacity: ['Ensure this value is less than or equal to 1.'] }],
  ])('create error: %s → 400', async (_label, body, expected) => {
    const foreign = await accountWithAdmin();
    const fds = await dataSource(foreign.accountId);
    const fgroup = await db().userGroup.create({ data: { accountId: foreign.accountId, name: 'g' } });
    const fws = await workspace(accountId, admin.id);
    const flayer = await db().layer.create({ data: { workspaceId: fws.id, name: 'other' } });
    const subst = (v: unknown) =>
      !JSON.stringify(v).includes('FOREIGN') ? v : JSON.parse(JSON.stringify(v).replaceAll('"FOREIGN_DS"', String(fds.id)).replaceAll('FOREIGN_DS', String(fds.id)).replaceAll('"FOREIGN_GROUP"', String(fgroup.id)).replaceAll('FOREIGN_GROUP', String(fgroup.id)).replaceAll('"FOREIGN_LAYER"', String(flayer.id)).replaceAll('FOREIGN_LAYER', String(flayer.id)));
    const res = await call(createLayer, '/api/layers', { token: admin.token, body: { workspace: ws.id, ...subst(body) } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(subst(expected));
  });

  test('viewers get 403, strangers 404 on create / patch / delete / reorder', async () => {
    for (const who of [member, invitee]) {
      expect((await call(createLayer, '/api/layers', { token: who.token, body: { workspace: ws.id, name: 'x' } })).status).toBe(403);
      expect((await call(patchLayer, `/api/layers/${ids.open}`, { method: 'PATCH', token: who.token, params: { id: String(ids.open) }, body: { name: 'x' } })).status).toBe(403);
      expect((await call(reorder, '/api/layers/reorder', { token: who.token, body: { workspace: ws.id, order: [] } })).status).toBe(403);
    }
    // a restricted layer does not exist for a viewer outside its group: 404, not 403
    expect((await call(patchLayer, `/api/layers/${ids.child}`, { method: 'PATCH', token: member.token, params: { id: String(ids.child) }, body: { name: 'x' } })).status).toBe(404);
    expect((await call(deleteLayer, `/api/layers/${ids.child}`, { method: 'DELETE', token: invitee.token, params: { id: String(ids.child) } })).status).toBe(404);
    expect((await call(createLayer, '/api/layers', { token: stranger.token, body: { workspace: ws.id, name: 'x' } })).status).toBe(404);
    expect((await call(patchLayer, `/api/layers/${ids.open}`, { method: 'PATCH', token: stranger.token, params: { id: String(ids.open) }, body: { name: 'x' } })).status).toBe(404);
    expect((await call(deleteLayer, `/api/layers/${ids.open}`, { method: 'DELETE', token: stranger.token, params: { id: String(ids.open) } })).status).toBe(404);
    expect((await call(reorder, '/api/layers/reorder', { token: stranger.token, body: { workspace: ws.id, order: [] } })).status).toBe(404);
    expect(await db().layer.count({ where: { id: ids.open, name: 'Open baseLayer' } })).toBe(1);
  });

  test('parallel PATCHes with the same version: exactly one succeeds, the rest get 409', async () => {
    const l = await db().layer.create({ data: { workspaceId: ws.id, name: 'race' } });
    const id = String(l.id);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(patchLayer, `/api/layers/${id}`, { method: 'PATCH', token: admin.token, params: { id }, body: { name: `race ${i}`, version: 1 } })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect((await db().layer.findUniqueOrThrow({ where: { id: l.id } })).version).toBe(2);

    // If-Match works like `version`, and responses carry the ETag
    const got = await call(getLayer, `/api/layers/${id}`, { token: admin.token, params: { id } });
    expect(got.headers.get('etag')).toBe('"2"');
    const stale = await call(patchLayer, `/api/layers/${id}`, { method: 'PATCH', token: admin.token, params: { id }, body: { name: 'x' }, headers: { 'if-match': '"1"' } });
    expect(stale.status).toBe(409);
    const fresh = await call(patchLayer, `/api/layers/${id}`, { method: 'PATCH', token: admin.token, params: { id }, body: { name: 'x' }, headers: { 'if-match': '"2"' } });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('etag')).toBe('"3"');
  });

  test('reorder moves layers in one transaction and refuses cycles and foreign ids', async () => {
    const w = await workspace(accountId, admin.id);
    const a = await db().layer.create({ data: { workspaceId: w.id, name: 'a', position: 0 } });
    const b = await db().layer.create({ data: { workspaceId: w.id, name: 'b', position: 1, isGroup: true } });
    const c = await db().layer.create({ data: { workspaceId: w.id, name: 'c', position: 2 } });
    let res = await call(reorder, '/api/layers/reorder', { token: admin.token, body: { workspace: w.id, order: [{ id: c.id, parent: null, position: 0 }, { id: b.id, parent: null, position: 1 }, { id: a.id, parent: b.id, position: 0 }] } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.results.map((l: { name: string }) => l.name)).toEqual(['c', 'b']);
    expect(res.body.results[1].layers.map((l: { name: string }) => l.name)).toEqual(['a']);

    res = await call(reorder, '/api/layers/reorder', { token: admin.token, body: { workspace: w.id, order: [{ id: b.id, parent: a.id, position: 0 }] } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ order: ['A layer cannot be placed inside itself.'] });
    res = await call(reorder, '/api/layers/reorder', { token: admin.token, body: { workspace: w.id, order: [{ id: c.id, parent: null, position: 5 }, { id: ids.open, parent: null, position: 0 }] } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ order: [`Invalid pk "${ids.open}" - object does not exist.`] });
    expect((await db().layer.findUniqueOrThrow({ where: { id: c.id } })).position).toBe(0); // rolled back
    res = await call(patchLayer, `/api/layers/${b.id}`, { method: 'PATCH', token: admin.token, params: { id: String(b.id) }, body: { parent: a.id } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ parent: ['A layer cannot be placed inside itself.'] });
  });
});
