import { beforeAll, describe, expect, test } from 'vitest';
import { createHash, randomBytes } from 'node:crypto';
import { db } from '@/lib/server/db';
import { seed } from '@/lib/server/seed/seed';
import { loadWorkspaceView } from '@/lib/server/workspaces/load-workspace-view';
import { createUser, unique } from '../../helpers/factories';

/** The server-side data of the map pages, per role (no HTTP: pages call the service directly). */
beforeAll(async () => {
  await seed();
});

async function fixture() {
  const owner = await createUser();
  const editor = await createUser();
  const member = await createUser();
  const invitee = await createUser();
  const stranger = await createUser();
  const account = await db().account.create({ data: { name: unique('acc'), slug: unique('acc'), adminId: owner.id, members: { create: { userId: owner.id, role: 'admin' } } } });
  const type = await db().dataSourceType.findUniqueOrThrow({ where: { code: 'geojson' } });
  const ds = await db().dataSource.create({ data: { accountId: account.id, name: 'ds', typeId: type.id, settings: { url: 'https://example.test/a.geojson' }, filePath: 'uploads/x.geojson' } });
  const ws = await db().workspace.create({
    data: { name: 'Map', adminId: owner.id, accountId: account.id, camera: '{"center":[5,52],"zoom":7}', editors: { create: { userId: editor.id } }, invites: { create: [{ userId: invitee.id }, { userId: member.id }] } },
  });
  const open = await db().layer.create({ data: { workspaceId: ws.id, name: 'Open', dataSourceId: ds.id, position: 0 } });
  const group = await db().layer.create({ data: { workspaceId: ws.id, name: 'Group', isGroup: true, position: 1 } });
  const child = await db().layer.create({ data: { workspaceId: ws.id, name: 'Child baseLayer', parentId: group.id, dataSourceId: ds.id, position: 0 } });
  const secret = await db().layer.create({ data: { workspaceId: ws.id, name: 'Secret', dataSourceId: ds.id, position: 2 } });
  const ug = await db().userGroup.create({ data: { accountId: account.id, name: 'team', members: { create: { userId: member.id } } } });
  await db().layerUserGroup.create({ data: { layerId: secret.id, userGroupId: ug.id } });
  const token = randomBytes(24).toString('hex');
  await db().shareLink.create({ data: { workspaceId: ws.id, tokenHash: createHash('sha256').update(token).digest('hex') } });
  return { owner, editor, member, invitee, stranger, ws, open, group, child, secret, token, ug };
}

const names = (layers: { name: string; layers: { name: string }[] }[]): string[] => layers.flatMap((l) => [l.name, ...names(l.layers as never)]);

describe('loadWorkspaceView', () => {
  test('[R3.04] [R4.06] roles: admin, editor, viewer; the workspace in wire shape', async () => {
    const f = await fixture();
    const cases = [
      { user: f.owner.id, role: 'admin', secret: true },
      { user: f.editor.id, role: 'editor', secret: true },
      { user: f.member.id, role: 'viewer', secret: true },
      { user: f.invitee.id, role: 'viewer', secret: false },
    ] as const;
    for (const c of cases) {
      const view = await loadWorkspaceView({ userId: c.user, workspaceId: f.ws.id });
      expect(view.workspace.role, `user ${c.user}`).toBe(c.role);
      expect(names(view.layers).includes('Secret'), `role ${c.role}`).toBe(c.secret);
    }
    const admin = await loadWorkspaceView({ userId: f.owner.id, workspaceId: f.ws.id });
    expect(admin.workspace).toMatchObject({ id: f.ws.id, name: 'Map', admin: f.owner.id, editors: [f.editor.id], camera: '{"center":[5,52],"zoom":7}', mobile: false, layerCount: 4 });
    expect(Object.keys(admin.workspace).sort()).toEqual(
      ['account', 'admin', 'camera', 'date_modified', 'description', 'editors', 'id', 'layerCount', 'mobile', 'name', 'plan', 'role', 'version', 'workspacePlugins'].sort(),
    );
  });

  test('[R3.05] nested layers with level and the baseLayer flag', async () => {
    const f = await fixture();
    const view = await loadWorkspaceView({ userId: f.owner.id, workspaceId: f.ws.id });
    const group = view.layers.find((l) => l.id === f.group.id)!;
    expect(group.layers.map((l) => [l.name, l.level, l.baselayer])).toEqual([['Child baseLayer', 1, true]]);
    expect(view.layers.find((l) => l.id === f.open.id)).toMatchObject({ level: 0, baselayer: false, isLoading: false, error: null, source: { type_code: 'geojson' } });
  });

  test('[R2.09] [R4.07] share token: public role, restricted layers absent, editors hidden, data URLs carry the token, opens counted', async () => {
    const f = await fixture();
    const view = await loadWorkspaceView({ userId: null, workspaceId: f.ws.id, shareToken: f.token });
    expect(view.workspace.role).toBe('public');
    expect(view.workspace.editors).toEqual([]);
    expect(names(view.layers)).not.toContain('Secret');
    expect(view.layers.find((l) => l.id === f.open.id)!.source!.data_url).toBe(`/api/layers/${f.open.id}/data?token=${f.token}`);
    expect(view.layers.every((l) => l.user_groups.length === 0)).toBe(true);
    const link = await db().shareLink.findFirstOrThrow({ where: { workspaceId: f.ws.id } });
    expect(link.openCount).toBe(1);
  });

  test('[R2.12] a stranger, a wrong token, a revoked token and a missing workspace are all 404', async () => {
    const f = await fixture();
    const cases = [
      { userId: f.stranger.id, workspaceId: f.ws.id },
      { userId: null, workspaceId: f.ws.id, shareToken: 'f'.repeat(48) },
      { userId: null, workspaceId: f.ws.id + 100000, shareToken: f.token },
      { userId: f.owner.id, workspaceId: 987654321 },
    ];
    for (const c of cases) await expect(loadWorkspaceView(c)).rejects.toMatchObject({ status: 404 });
    await db().shareLink.updateMany({ where: { workspaceId: f.ws.id }, data: { revokedAt: new Date() } });
    await expect(loadWorkspaceView({ userId: null, workspaceId: f.ws.id, shareToken: f.token })).rejects.toMatchObject({ status: 404 });
  });
});
