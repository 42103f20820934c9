import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { randomToken, sha256 } from '@/lib/server/crypto';
import { db } from '@/lib/server/db';
import { ROUTES } from '@/lib/server/http/route-manifest.generated';
import type { TRouteHandler } from '@/lib/server/http/with-api';
import { seed } from '@/lib/server/seed/seed';
import { createUser, sessionCookie, unique } from '../../helpers/factories';
import { buildRequest } from '../../helpers/http';
import { recordFigure } from '../../support/figures';

/**
 * Tenant-isolation matrix (SECURITY.md §6 test 25), built from the route
 * manifest so a new route cannot escape: every route × method, with the
 * victim tenant's ids in the path, the query and the body, × actors
 * (anonymous, another account's admin, an invitee of a different workspace,
 * a removed editor), each through an API token and a browser session.
 * A leak is an unexpected 2xx on a victim resource, or any victim marker in
 * a response body. Printed: cells and leaks; expected: 0 leaks and the
 * victim's data unchanged.
 */
const MARK = `VICTIM${Date.now().toString(36)}`;

type TVictim = {
  owner: Awaited<ReturnType<typeof createUser>>;
  accountId: number;
  workspaceId: number;
  layerId: number;
  restrictedLayerId: number;
  dataSourceId: number;
  groupId: number;
  inviteId: number;
  shareId: number;
  profileId: number;
};
let v: TVictim;
let counts: Record<string, number>;

/** Rows that hang off the victim tenant: no foreign request may add or remove any. */
async function victimCounts(accountId: number, workspaceId: number) {
  return {
    workspaces: await db().workspace.count({ where: { accountId } }),
    dataSources: await db().dataSource.count({ where: { accountId } }),
    userGroups: await db().userGroup.count({ where: { accountId } }),
    groupMembers: await db().userGroupMember.count({ where: { group: { accountId } } }),
    layers: await db().layer.count({ where: { workspace: { accountId } } }),
    invites: await db().invite.count({ where: { workspaceId } }),
    shareLinks: await db().shareLink.count({ where: { workspaceId } }),
    editors: await db().workspaceEditor.count({ where: { workspaceId } }),
    members: await db().accountMember.count({ where: { accountId } }),
  };
}
const actors: { name: string; auth: () => Promise<{ token?: string; cookie?: string }> }[] = [];

async function makeTenant(name: string, mark = 'OTHER') {
  const owner = await createUser({ username: unique(name) });
  const plan = await db().plan.findUniqueOrThrow({ where: { slug: 'trial' } });
  const account = await db().account.create({
    data: { name: `${mark} account ${name}`, slug: unique(`${name}-acc`), description: mark, adminId: owner.id, planId: plan.id, members: { create: { userId: owner.id, role: 'admin' } } },
  });
  const ws = await db().workspace.create({ data: { name: `${mark} ws ${name}`, description: mark, accountId: account.id, adminId: owner.id, planId: plan.id } });
  return { owner, account, ws };
}

beforeAll(async () => {
  await seed();
  const t = await makeTenant('victim', MARK);
  const ds = await db().dataSource.create({ data: { accountId: t.account.id, name: `${MARK} source`, settings: { url: `https://${MARK}.example/{z}/{x}/{y}.png` } } });
  const group = await db().userGroup.create({ data: { accountId: t.account.id, name: `${MARK} group` } });
  const layer = await db().layer.create({ data: { workspaceId: t.ws.id, name: `${MARK} layer`, dataSourceId: ds.id } });
  const restricted = await db().layer.create({ data: { workspaceId: t.ws.id, name: `${MARK} restricted`, dataSourceId: ds.id, userGroups: { create: { userGroupId: group.id } } } });
  const invitee = await createUser({ username: unique('vinvitee') });
  const invite = await db().invite.create({ data: { workspaceId: t.ws.id, userId: invitee.id, invitedById: t.owner.id } });
  const share = await db().shareLink.create({ data: { workspaceId: t.ws.id, tokenHash: sha256(randomToken(32)), label: MARK, createdById: t.owner.id } });
  const profile = await db().profile.findUniqueOrThrow({ where: { userId: t.owner.id } });
  counts = await victimCounts(t.account.id, t.ws.id);
  v = { owner: t.owner, accountId: t.account.id, workspaceId: t.ws.id, layerId: layer.id, restrictedLayerId: restricted.id, dataSourceId: ds.id, groupId: group.id, inviteId: invite.id, shareId: share.id, profileId: profile.id };

  // Actors
  const foreign = await makeTenant('foreign');
  const other = await makeTenant('other');
  const invitedElsewhere = await createUser({ username: unique('elsewhere') });
  await db().invite.create({ data: { workspaceId: other.ws.id, userId: invitedElsewhere.id } });
  const removed = await createUser({ username: unique('removed') });
  const editor = await db().workspaceEditor.create({ data: { workspaceId: v.workspaceId, userId: removed.id } });
  await db().workspaceEditor.delete({ where: { id: editor.id } });
  actors.push(
    { name: 'anonymous', auth: async () => ({}) },
    { name: 'foreign admin (token)', auth: async () => ({ token: foreign.owner.token }) },
    { name: 'foreign admin (session)', auth: async () => ({ cookie: await sessionCookie(foreign.owner.id) }) },
    { name: 'invitee of another workspace', auth: async () => ({ token: invitedElsewhere.token }) },
    { name: 'removed editor', auth: async () => ({ token: removed.token }) },
  );
});

/** Path values pointing at the victim's resources, by route and parameter name. */
function paramValue(path: string, param: string): string {
  if (param === 'method') return 'app';
  if (param === 'uid') return Buffer.from(String(v.owner.id)).toString('base64url');
  if (param === 'token') return 'x-bogus-token';
  if (param === 'shareId') return String(v.shareId);
  if (param === 'userId') return String(v.owner.id);
  if (param === 'nextauth') return 'session';
  const base = path.split('/{')[0];
  const byBase: Record<string, number> = {
    '/api/accounts': v.accountId,
    '/api/workspaces': v.workspaceId,
    '/api/layers': v.restrictedLayerId,
    '/api/datasources': v.dataSourceId,
    '/api/userGroup': v.groupId,
    '/api/invite': v.inviteId,
    '/api/users': v.owner.id,
    '/api/extendUsers': v.profileId,
  };
  return String(byBase[base] ?? v.workspaceId);
}

/** A body full of the victim's ids: body-reference IDOR and mass assignment in one go. */
function victimBody() {
  return {
    name: 'pwned',
    description: 'pwned',
    account: v.accountId,
    workspace: v.workspaceId,
    admin: v.owner.id,
    editors: [v.owner.id],
    data_source: v.dataSourceId,
    parent: v.layerId,
    user_groups: [v.groupId],
    user: v.owner.username,
    order: [{ id: v.layerId, parent: null, position: 0 }],
    type: 1,
    settings: { url: 'https://example.test/{z}/{x}/{y}.png' },
    version: 1,
    code: '123456',
    label: 'pwned',
  };
}

/** Routes that legitimately answer 2xx to anyone for their own data (lists are checked for leaks instead). */
const OPEN_OK = /^(GET \/api\/(sites|schema|health|demo|datasourcetypes|users|extendUsers|invite|accounts|userGroup|datasources)|GET \/auth\/mfa\/(config|user-active-methods)|POST \/api\/auth\/(register|reset)|GET \/api\/auth\/logout|POST \/auth\/(logout|code\/request|\{method\}\/activate)|POST \/api\/(accounts|userGroup|datasources\/test)|GET \/api\/workspaces$|POST \/auth\/login$)/;

const figures = { cells: 0, leaks: [] as string[] };
afterAll(() => {
  console.log(`tenant isolation: ${figures.cells} cells, ${figures.leaks.length} leaks${figures.leaks.length ? `: ${figures.leaks.slice(0, 10).join(' | ')}` : ''}`);
  recordFigure('tenant isolation', { cells: figures.cells, leaks: figures.leaks.length });
});

describe('tenant-isolation matrix', () => {
  test('every route × method × actor: no foreign 2xx, no foreign data in any body', async () => {
    for (const route of ROUTES) {
      const mod = await route.load();
      for (const method of route.methods) {
        const handler = mod[method] as TRouteHandler | undefined;
        if (!handler?.apiMeta) continue;
        const params = [...route.path.matchAll(/\{(\w+)\*?\}/g)].map((m) => m[1]);
        const values = Object.fromEntries(params.map((p) => [p, paramValue(route.path, p)]));
        const path = route.path.replace(/\{(\w+)\*?\}/g, (_, p) => values[p]);
        const query = `?account=${v.accountId}&workspace=${v.workspaceId}`;
        for (const actor of actors) {
          const auth = await actor.auth();
          const req = buildRequest(path + query, { method, ...auth, ...(method === 'GET' || method === 'DELETE' ? {} : { body: victimBody() }) });
          const res = await handler(req, { params: Promise.resolve(values) });
          const text = await res.text();
          figures.cells++;
          const cell = `${method} ${route.path} as ${actor.name}`;
          if (text.includes(MARK)) figures.leaks.push(`${cell}: victim data in body`);
          else if (res.status >= 200 && res.status < 300 && !OPEN_OK.test(`${method} ${route.path}`)) figures.leaks.push(`${cell}: ${res.status}`);
          expect(res.status, cell).toBeLessThan(500);
        }
      }
    }
    expect(figures.leaks).toEqual([]);
  });

  test('nothing of the victim changed', async () => {
    const acc = await db().account.findUniqueOrThrow({ where: { id: v.accountId } });
    const ws = await db().workspace.findUniqueOrThrow({ where: { id: v.workspaceId }, include: { editors: true } });
    expect(acc.name).toContain(MARK);
    expect(acc.adminId).toBe(v.owner.id);
    expect(ws.name).toContain(MARK);
    expect(ws.editors).toEqual([]);
    expect(await db().layer.count({ where: { workspaceId: v.workspaceId } })).toBe(2);
    expect((await db().dataSource.findUniqueOrThrow({ where: { id: v.dataSourceId } })).name).toContain(MARK);
    expect((await db().userGroup.findUniqueOrThrow({ where: { id: v.groupId } })).name).toContain(MARK);
    expect(await db().invite.count({ where: { id: v.inviteId } })).toBe(1);
    expect((await db().shareLink.findUniqueOrThrow({ where: { id: v.shareId } })).revokedAt).toBeNull();
    expect(await db().user.count({ where: { id: v.owner.id } })).toBe(1);
    expect(await victimCounts(v.accountId, v.workspaceId)).toEqual(counts);
  });
});
