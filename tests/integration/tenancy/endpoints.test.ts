import { describe, expect, test } from 'vitest';
import { GET as getSchema } from '@/app/api/schema/route';
import { ROUTES } from '@/lib/server/http/route-manifest.generated';
import { call } from '../../helpers/http';

/** [D.02] every tenancy call of SPEC §7 (and the extra ones the screens need) is a route handler, described in the OpenAPI document. */
const CALLS: [string, string][] = [
  ['GET', '/api/demo'],
  ['GET', '/api/accounts'],
  ['POST', '/api/accounts'],
  ['PATCH', '/api/accounts/{id}'],
  ['DELETE', '/api/accounts/{id}'],
  ['GET', '/api/workspaces'],
  ['POST', '/api/workspaces'],
  ['GET', '/api/workspaces/{id}'],
  ['PATCH', '/api/workspaces/{id}'],
  ['DELETE', '/api/workspaces/{id}'],
  ['PUT', '/api/cloneWorkspace'],
  ['GET', '/api/invite'],
  ['POST', '/api/invite'],
  ['DELETE', '/api/invite/{id}'],
  ['GET', '/api/workspaces/{id}/shares'],
  ['POST', '/api/workspaces/{id}/shares'],
  ['DELETE', '/api/workspaces/{id}/shares/{shareId}'],
];

describe('[D.02] tenancy route handlers', () => {
  test.each(CALLS)('%s %s is served by a route handler and documented', async (method, path) => {
    const route = ROUTES.find((r) => r.path === path);
    expect(route, path).toBeTruthy();
    expect(route!.methods).toContain(method);
    const mod = await route!.load();
    expect(typeof mod[method]).toBe('function');
    const schema = await call(getSchema, '/api/schema');
    expect(schema.body.paths[path]?.[method.toLowerCase()], `${method} ${path} in OpenAPI`).toBeTruthy();
    expect(schema.body.paths[`${path}/`]?.[method.toLowerCase()], `${method} ${path}/ in OpenAPI`).toBeTruthy();
  });
});

describe('responses match the documented wire shapes exactly (no extra fields)', () => {
  test('account, workspace, invite and share link bodies', async () => {
    const { tenant } = await import('./fixtures');
    const { ZAccountWire, ZCreatedShareLinkWire, ZInviteWire, ZWorkspaceDetailWire, ZWorkspaceWire } = await import('@/lib/schemas/tenancy-wire');
    const { GET: listAccounts } = await import('@/app/api/accounts/route');
    const { GET: listWs } = await import('@/app/api/workspaces/route');
    const { GET: getWs } = await import('@/app/api/workspaces/[id]/route');
    const { GET: listInvites } = await import('@/app/api/invite/route');
    const { POST: postShare } = await import('@/app/api/workspaces/[id]/shares/route');
    const { db } = await import('@/lib/server/db');
    const t = await tenant();
    const viewer = await tenant();
    await db().invite.create({ data: { workspaceId: t.workspace.id, userId: viewer.user.id } });
    const id = String(t.workspace.id);
    ZAccountWire.strict().parse((await call(listAccounts, '/api/accounts', { token: t.user.token })).body.results[0]);
    ZWorkspaceWire.strict().parse((await call(listWs, `/api/workspaces?account=${t.account.id}`, { token: t.user.token })).body[0]);
    ZWorkspaceDetailWire.strict().parse((await call(getWs, `/api/workspaces/${id}`, { token: t.user.token, params: { id } })).body);
    ZInviteWire.strict().parse((await call(listInvites, '/api/invite', { token: viewer.user.token })).body.results[0]);
    ZCreatedShareLinkWire.strict().parse((await call(postShare, `/api/workspaces/${id}/shares`, { token: t.user.token, params: { id }, body: {} })).body);
  });
});
