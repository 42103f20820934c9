import { beforeAll, describe, expect, test } from 'vitest';
import { GET as listTypes } from '@/app/api/datasourcetypes/route';
import { GET as listDs, POST as createDs } from '@/app/api/datasources/route';
import { DELETE as deleteDs, GET as getDs, PATCH as patchDs } from '@/app/api/datasources/[id]/route';
import { decrypt } from '@/lib/server/crypto';
import { db } from '@/lib/server/db';
import { call } from '../../helpers/http';
import { createUser, sessionCookie, unique } from '../../helpers/factories';
import { accountWithAdmin, addAccountMember, countQueries, dataSource, twoAccounts, typeId, workspace, type TUser } from './setup-data';

let admin: TUser;
let accountId: number;
let other: { admin: TUser; accountId: number };

beforeAll(async () => {
  ({ admin, accountId, other } = await twoAccounts());
}, 120_000);

const xyz = { url: 'https://tiles.example/{z}/{x}/{y}.png' };

describe('GET /api/datasourcetypes', () => {
  test('[R7.34] [D.02] answers the seeded types as results[] {id, name}', async () => {
    const res = await call(listTypes, '/api/datasourcetypes', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 8, next: null, previous: null });
    const codes = res.body.results.map((t: { code: string }) => t.code).sort();
    expect(codes).toEqual(['3dtiles', 'arcgis', 'geojson', 'vectortiles', 'wfs', 'wms', 'wmts', 'xyz']);
    for (const t of res.body.results) expect(t).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
  });

  test('needs authentication', async () => {
    const res = await call(listTypes, '/api/datasourcetypes');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});

describe('data source CRUD', () => {
  test('[R3.06] [R7.32] create → 201 with the wire shape; list and get show it; credentials never come back', async () => {
    const res = await call(createDs, '/api/datasources', {
      token: admin.token,
      body: { name: 'Tiles', type: await typeId('xyz'), account: accountId, settings: xyz, credentials: { username: 'u', password: 'secret-pass' } },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      name: 'Tiles',
      type: await typeId('xyz'),
      date_modified: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      workspaces: { count: 0, names: [] },
      settings: { url: xyz.url, scheme: 'xyz', tileSize: 256 },
      has_credentials: true,
      file: null,
    });
    expect(res.text).not.toContain('secret-pass');
    const stored = await db().dataSource.findUniqueOrThrow({ where: { id: res.body.id }, select: { secrets: true } });
    expect(stored.secrets).not.toContain('secret-pass');
    expect(JSON.parse(decrypt(stored.secrets, 'datasource-credentials'))).toEqual({ username: 'u', password: 'secret-pass' });

    const list = await call(listDs, '/api/datasources', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.results.find((d: { id: number }) => d.id === res.body.id)).toMatchObject({ name: 'Tiles', has_credentials: true });
    expect(list.text).not.toContain('secret-pass');
    const one = await call(getDs, `/api/datasources/${res.body.id}`, { token: admin.token, params: { id: String(res.body.id) } });
    expect(one.status).toBe(200);
    expect(one.body.has_credentials).toBe(true);
    expect(one.body).not.toHaveProperty('credentials');
    expect(one.body).not.toHaveProperty('secrets');
  });

  test('type may be given by code; account defaults to the caller’s account', async () => {
    const res = await call(createDs, '/api/datasources', { token: admin.token, body: { name: 'By code', type: 'wms', settings: { url: 'https://wms.example/wms', layers: 'a,b' } } });
    expect(res.status).toBe(201);
    expect(res.body.settings).toEqual({ url: 'https://wms.example/wms', layers: 'a,b', format: 'image/png', transparent: true, version: '1.3.0' });
    expect(res.body.account).toBe(accountId);
  });

  test('[R7.33] PATCH changes name and settings, keeps or clears credentials; DELETE → 204', async () => {
    const created = await call(createDs, '/api/datasources', { token: admin.token, body: { name: 'P', type: 'xyz', settings: xyz, credentials: { apiKey: 'k-123' } } });
    const id = String(created.body.id);
    let res = await call(patchDs, `/api/datasources/${id}`, { method: 'PATCH', token: admin.token, params: { id }, body: { name: 'P2', settings: { ...xyz, maxzoom: 12 } } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'P2', has_credentials: true, settings: { maxzoom: 12 } });
    res = await call(patchDs, `/api/datasources/${id}`, { method: 'PATCH', token: admin.token, params: { id }, body: { credentials: null } });
    expect(res.body.has_credentials).toBe(false);
    res = await call(patchDs, `/api/datasources/${id}`, { method: 'PATCH', token: admin.token, params: { id }, body: { settings: { url: 'nope' } } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ settings: { url: ['Enter a valid URL.', 'The URL must contain {z}, {x} and {y}.'] } });
    res = await call(deleteDs, `/api/datasources/${id}`, { method: 'DELETE', token: admin.token, params: { id } });
    expect(res.status).toBe(204);
    expect(await db().dataSource.count({ where: { id: Number(id) } })).toBe(0);
    res = await call(deleteDs, `/api/datasources/${id}`, { method: 'DELETE', token: admin.token, params: { id } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not found.' });
  });

  test('a session-cookie write works from our origin', async () => {
    const cookie = await sessionCookie(admin.id);
    const res = await call(createDs, '/api/datasources', { cookie, body: { name: 'Cookie', type: 'xyz', settings: xyz } });
    expect(res.status).toBe(201);
  });

  test.each([
    ['name missing', { type: 'xyz', settings: xyz }, { name: ['This field is required.'] }],
    ['name blank', { name: ' ', type: 'xyz', settings: xyz }, { name: ['This field may not be blank.'] }],
    ['unknown type id', { name: 'x', type: 99999, settings: xyz }, { type: ['Invalid pk "99999" - object does not exist.'] }],
    ['foreign account', { name: 'x', type: 'xyz', settings: xyz, account: -1 }, { account: ['Invalid pk - object does not exist.'] }],
    ['bad credentials key', { name: 'x', type: 'xyz', settings: xyz, credentials: { token: 'a' } }, { credentials: [expect.stringContaining('token')] }],
  ])('create error: %s', async (_label, body, expected) => {
    const res = await call(createDs, '/api/datasources', { token: admin.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(expected);
  });

  test('create in a foreign account → 400 Invalid pk', async () => {
    const res = await call(createDs, '/api/datasources', { token: admin.token, body: { name: 'x', type: 'xyz', settings: xyz, account: other.accountId } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ account: [`Invalid pk "${other.accountId}" - object does not exist.`] });
  });

  test('a plain account member may read but not write (403)', async () => {
    const member = await addAccountMember(accountId);
    const ds = await dataSource(accountId);
    const id = String(ds.id);
    expect((await call(getDs, `/api/datasources/${id}`, { token: member.token, params: { id } })).status).toBe(200);
    const patch = await call(patchDs, `/api/datasources/${id}`, { method: 'PATCH', token: member.token, params: { id }, body: { name: 'no' } });
    expect(patch.status).toBe(403);
    expect((await call(deleteDs, `/api/datasources/${id}`, { method: 'DELETE', token: member.token, params: { id } })).status).toBe(403);
    const create = await call(createDs, '/api/datasources', { token: member.token, body: { name: 'x', type: 'xyz', settings: xyz, account: accountId } });
    expect(create.status).toBe(400);
  });
});

describe('settings validation per type', () => {
  const ok: [string, Record<string, unknown>][] = [
    ['wms', { url: 'https://w.example/wms', layers: 'roads,rivers', format: 'image/jpeg', transparent: false, version: '1.1.1', styles: 'default' }],
    ['wmts', { url: 'https://w.example/wmts/{TileMatrix}/{TileCol}/{TileRow}.png', layer: 'l' }],
    ['wmts', { url: 'https://w.example/wmts?SERVICE=WMTS&REQUEST=GetCapabilities', layer: 'l', tileMatrixSet: 'EPSG:3857' }],
    ['xyz', { url: 'https://t.example/{z}/{x}/{y}.png', scheme: 'tms', tileSize: 512, minzoom: 2, maxzoom: 10 }],
    ['vectortiles', { url: 'https://t.example/{z}/{x}/{y}.pbf', sourceLayer: 'roads' }],
    ['vectortiles', { url: 'https://t.example/data.pmtiles' }],
    ['geojson', { url: 'https://g.example/data.geojson' }],
    ['geojson', { url: '/samples/provinces.geojson' }],
    ['wfs', { url: 'https://w.example/wfs', typeName: 'ns:roads', version: '1.1.0', outputFormat: 'application/json' }],
    ['arcgis', { url: 'https://a.example/arcgis/rest/services/X/MapServer', kind: 'MapServer', layers: '0,1' }],
    ['3dtiles', { url: 'https://c.example/tileset.json' }],
  ];
  test.each(ok)('%s accepts %j', async (code, settings) => {
    const res = await call(createDs, '/api/datasources', { token: admin.token, body: { name: unique('v'), type: code, settings } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  const bad: [string, Record<string, unknown>, Record<string, unknown>][] = [
    ['wms', { layers: 'a' }, { url: ['This field is required.'] }],
    ['wms', { url: 'ftp://x', layers: 'a' }, { url: ['Enter a valid URL.'] }],
    ['wms', { url: 'https://w.example', layers: 'a,,b' }, { layers: ['Enter comma-separated layer names.'] }],
    ['wms', { url: 'https://w.example', layers: 'a', format: 'image/gif' }, { format: ['"image/gif" is not a valid choice.'] }],
    ['wms', { url: 'https://w.example', layers: 'a', version: '2.0' }, { version: ['"2.0" is not a valid choice.'] }],
    ['wms', { url: 'https://w.example', layers: 'a', transparent: 'maybe' }, { transparent: ['Must be a valid boolean.'] }],
    ['wmts', { url: 'https://w.example/{z}/{x}.png', layer: 'l' }, { url: [expect.stringContaining('{TileMatrix}')] }],
    ['wmts', { url: 'https://w.example/wmts' }, { layer: ['This field is required.'] }],
    ['xyz', { url: 'https://t.example/tile.png' }, { url: ['The URL must contain {z}, {x} and {y}.'] }],
    ['xyz', { ...xyz, scheme: 'wmts' }, { scheme: ['"wmts" is not a valid choice.'] }],
    ['xyz', { ...xyz, tileSize: 300 }, { tileSize: ['"300" is not a valid choice.'] }],
    ['xyz', { ...xyz, minzoom: 30 }, { minzoom: ['Ensure this value is less than or equal to 24.'] }],
    ['xyz', { ...xyz, minzoom: 10, maxzoom: 5 }, { maxzoom: ['Must be at least minzoom.'] }],
    ['vectortiles', { url: 'https://t.example/tiles' }, { url: ['Use an MVT URL template with {z}/{x}/{y} or a .pmtiles URL.'] }],
    ['geojson', {}, { url: ['This field is required.'] }],
    ['geojson', { url: 'javascript:alert(1)' }, { url: ['Enter a valid URL.'] }],
    ['wfs', { url: 'https://w.example/wfs' }, { typeName: ['This field is required.'] }],
    ['wfs', { url: 'https://w.example/wfs', typeName: 't', version: '3' }, { version: ['"3" is not a valid choice.'] }],
    ['arcgis', { url: 'https://a.example/rest/services/X', kind: 'MapServer' }, { url: ['The URL must end in /MapServer or /FeatureServer.'] }],
    ['arcgis', { url: 'https://a.example/X/FeatureServer' }, { kind: ['This field is required.'] }],
    ['arcgis', { url: 'https://a.example/X/FeatureServer', kind: 'ImageServer' }, { kind: ['"ImageServer" is not a valid choice.'] }],
    ['3dtiles', {}, { url: ['This field is required.'] }],
  ];
  test.each(bad)('%s refuses %j', async (code, settings, errors) => {
    const res = await call(createDs, '/api/datasources', { token: admin.token, body: { name: unique('v'), type: code, settings } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ settings: errors });
  });
});

describe('workspaces {count, names}', () => {
  test('[R3.06] follow layers being added and removed', async () => {
    const ds = await dataSource(accountId, unique('Used'));
    const w1 = await workspace(accountId, admin.id, unique('Alpha'));
    const w2 = await workspace(accountId, admin.id, unique('Beta'));
    const row = async () => (await call(listDs, `/api/datasources?account=${accountId}`, { token: admin.token })).body.results.find((d: { id: number }) => d.id === ds.id);
    expect((await row()).workspaces).toEqual({ count: 0, names: [] });
    const l1 = await db().layer.create({ data: { workspaceId: w1.id, name: 'a', dataSourceId: ds.id } });
    await db().layer.create({ data: { workspaceId: w1.id, name: 'b', dataSourceId: ds.id } });
    await db().layer.create({ data: { workspaceId: w2.id, name: 'c', dataSourceId: ds.id } });
    expect((await row()).workspaces).toEqual({ count: 2, names: [w1.name, w2.name] });
    await db().layer.deleteMany({ where: { workspaceId: w2.id } });
    expect((await row()).workspaces).toEqual({ count: 1, names: [w1.name] });
    await db().layer.delete({ where: { id: l1.id } });
    expect((await row()).workspaces).toEqual({ count: 1, names: [w1.name] });
  });
});

describe('cross-tenant', () => {
  test('another account’s user gets 404 for every verb and never sees foreign rows', async () => {
    const ds = await dataSource(accountId, unique('Mine'));
    const id = String(ds.id);
    const stranger = other.admin;
    expect((await call(getDs, `/api/datasources/${id}`, { token: stranger.token, params: { id } })).status).toBe(404);
    expect((await call(patchDs, `/api/datasources/${id}`, { method: 'PATCH', token: stranger.token, params: { id }, body: { name: 'x' } })).status).toBe(404);
    expect((await call(deleteDs, `/api/datasources/${id}`, { method: 'DELETE', token: stranger.token, params: { id } })).status).toBe(404);
    const list = await call(listDs, '/api/datasources', { token: stranger.token });
    expect(list.body.results.every((d: { account: number }) => d.account === other.accountId)).toBe(true);
    expect((await call(listDs, `/api/datasources?account=${accountId}`, { token: stranger.token })).status).toBe(404);
    const nobody = await createUser();
    expect((await call(listDs, '/api/datasources', { token: nobody.token })).body).toMatchObject({ count: 0, results: [] });
  });

  test('bad ids are 404', async () => {
    for (const id of ['0', 'abc', '99999999999']) {
      expect((await call(getDs, `/api/datasources/${id}`, { token: admin.token, params: { id } })).status).toBe(404);
    }
  });
});

describe('query count', () => {
  test('[R7.32] GET /api/datasources uses the same number of SQL queries for 10 rows in 5 workspaces and 1 000 rows in 100 workspaces', async () => {
    const measure = async (n: number, w: number) => {
      const { admin: a, accountId: acc } = await accountWithAdmin();
      const t = await typeId('wms');
      const wss = await db().workspace.createManyAndReturn({ data: Array.from({ length: w }, (_, i) => ({ name: `w${i}`, accountId: acc, adminId: a.id })), select: { id: true } });
      const rows = await db().dataSource.createManyAndReturn({
        data: Array.from({ length: n }, (_, i) => ({ accountId: acc, name: `ds${i}`, typeId: t, settings: {} })),
        select: { id: true },
      });
      await db().layer.createMany({ data: rows.flatMap((r, i) => [{ workspaceId: wss[i % w].id, name: 'l', dataSourceId: r.id }, { workspaceId: wss[(i + 1) % w].id, name: 'm', dataSourceId: r.id }]) });
      const counter = countQueries();
      try {
        const res = await call(listDs, '/api/datasources', { token: a.token });
        expect(res.body.count).toBe(n);
        expect(res.body.results[0].workspaces.count).toBe(2);
        counter.reset();
        await call(listDs, '/api/datasources', { token: a.token });
        return counter.count();
      } finally {
        await counter.restore();
      }
    };
    const small = await measure(10, 5);
    const large = await measure(1000, 100);
    expect(small).toBeGreaterThanOrEqual(3); // auth + data sources + their workspaces
    expect(large).toBe(small);
  });
});

describe('OpenAPI', () => {
  test('[D.02] the schema documents the data endpoints, the upload as multipart/form-data', async () => {
    const { GET: schema } = await import('@/app/api/schema/route');
    const res = await call(schema, '/api/schema');
    expect(res.status).toBe(200);
    for (const p of ['/api/datasources', '/api/datasources/{id}', '/api/datasources/{id}/test', '/api/datasources/test', '/api/datasources/upload', '/api/datasourcetypes', '/api/layers', '/api/layers/{id}', '/api/layers/{id}/data', '/api/layers/reorder', '/api/userGroup', '/api/userGroup/{id}', '/api/userGroup/{id}/members', '/api/userGroup/{id}/members/{userId}']) {
      expect(res.body.paths, p).toHaveProperty([p]);
    }
    expect(Object.keys(res.body.paths['/api/datasources/upload'].post.requestBody.content)).toEqual(['multipart/form-data']);
  });
});
