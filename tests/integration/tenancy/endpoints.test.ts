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
