import { beforeAll, describe, expect, test } from 'vitest';
import { GET as getHealth } from '@/app/api/health/route';
import { GET as getLive } from '@/app/api/health/live/route';
import { GET as getSchema } from '@/app/api/schema/route';
import { GET as getSites } from '@/app/api/sites/route';
import { db } from '@/lib/server/db';
import { seed } from '@/lib/server/seed/seed';
import { call } from '../../helpers/http';

beforeAll(async () => {
  await seed();
});

describe('sites', () => {
  test('[R3.09] [R7.10] GET /api/sites?site={origin} answers the site record as results[0]', async () => {
    await db().site.upsert({
      where: { origin: 'https://maps.example.nl' },
      update: {},
      create: { origin: 'https://maps.example.nl', title: '', logo: 'https://maps.example.nl/logo.svg' },
    });
    const res = await call(getSites, '/api/sites?site=https://maps.example.nl');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 1, next: null, previous: null });
    expect(res.body.results[0]).toMatchObject({ site: 'https://maps.example.nl', title: '', logo: 'https://maps.example.nl/logo.svg' });
  });

  test('an unknown origin falls back to the default site', async () => {
    const res = await call(getSites, '/api/sites?site=https://unknown.example');
    expect(res.body.results[0].title).toBe('Mapspace');
  });
});

describe('operations', () => {
  test('GET /api/health/live answers without the database (liveness)', async () => {
    const res = await call(getLive, '/api/health/live');
    expect(res.status).toBe(200);
    expect(res.text).toBe('{"status":"ok"}');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  test('GET /api/health reports database and migrations', async () => {
    const res = await call(getHealth, '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok', pendingMigrations: 0 });
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  test('GET /api/schema serves a generated OpenAPI 3.1 document of every route', async () => {
    const res = await call(getSchema, '/api/schema');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/sites', '/api/sites/', '/api/health', '/api/schema']));
    expect(res.body.paths['/api/sites'].get.parameters.map((p: { name: string }) => p.name)).toContain('site');
  });

  test('[R7.01] a malformed Authorization: Token header is a 401 in DRF shape', async () => {
    const cases: [string, string][] = [
      ['Token', 'Invalid token header. No credentials provided.'],
      ['Token a b', 'Invalid token header. Token string should not contain spaces.'],
      ['Token 0123456789012345678901234567890123456789', 'Invalid token.'],
    ];
    for (const [header, detail] of cases) {
      const res = await call(getSites, '/api/sites', { headers: { authorization: header } });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail });
      expect(res.headers.get('www-authenticate')).toBe('Token');
    }
  });
});

describe('seed', () => {
  test('[D.07] the seed is safe to run twice: nothing changes the second time', async () => {
    // Only the seed's own rows: other test files write to the same database at the same time.
    const demo = { account: { slug: 'demo-account' } };
    const count = async () => ({
      users: await db().user.count({ where: { username: 'demo' } }),
      accounts: await db().account.count({ where: { slug: 'demo-account' } }),
      workspaces: await db().workspace.count({ where: demo }),
      layers: await db().layer.count({ where: { workspace: demo } }),
      sources: await db().dataSource.count({ where: demo }),
      groups: await db().userGroup.count({ where: demo }),
      plans: await db().plan.count(),
      types: await db().dataSourceType.count(),
      sites: await db().site.count({ where: { isDefault: true } }),
    });
    const before = await count();
    await seed();
    expect(await count()).toEqual(before);
    expect(before.workspaces).toBe(3);
    expect(before.users).toBe(1);
    await Promise.all([seed(), seed()]);
    expect(await count()).toEqual(before);
    const trial = await db().plan.findUniqueOrThrow({ where: { slug: 'trial' } });
    expect(trial.trialDays).toBe(30);
  });
});
