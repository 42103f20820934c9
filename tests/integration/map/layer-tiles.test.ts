import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GET as tile } from '@/app/api/layers/[id]/tiles/[z]/[x]/[y]/route';
import { POST as createDataSource } from '@/app/api/datasources/route';
import { GET as listLayers } from '@/app/api/layers/route';
import { config } from '@/lib/server/config';
import { randomHex } from '@/lib/server/crypto';
import { db } from '@/lib/server/db';
import { call } from '../../helpers/http';
import { accountWithAdmin, addAccountMember, shareLink, typeId, workspace, type TUser } from '../data/setup-data';

/**
 * GET /api/layers/{id}/tiles/{z}/{x}/{y}: GeoJSON data sources (uploads and URLs) cut into vector
 * tiles on the server (lib/server/layers/layer-tiles.ts), scoped like GET /api/layers/{id}/data.
 */
const fc = {
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', properties: { name: 'Amsterdam' }, geometry: { type: 'Point', coordinates: [4.9, 52.37] } },
    { type: 'Feature', properties: { name: 'Utrecht' }, geometry: { type: 'Point', coordinates: [5.12, 52.09] } },
  ],
};
// The z7 tile holding both points, and one far away.
const FULL = { z: '7', x: '65', y: '42' };
const EMPTY = { z: '7', x: '0', y: '0' };

let admin: TUser;
let accountId: number;
let other: { admin: TUser; accountId: number };
let upstream: Server;
let upstreamUrl: string;

beforeAll(async () => {
  ({ admin, accountId } = await accountWithAdmin());
  other = await accountWithAdmin();
  upstream = createServer((req, res) => {
    if (req.url === '/points.geojson') return res.writeHead(200, { 'Content-Type': 'application/geo+json' }).end(JSON.stringify(fc));
    if (req.url === '/secure.geojson') {
      // Basic auth joe:pw, as a protected GeoServer/WFS endpoint would ask.
      if (req.headers.authorization !== `Basic ${Buffer.from('joe:pw').toString('base64')}`) return res.writeHead(401, { 'WWW-Authenticate': 'Basic' }).end();
      return res.writeHead(200, { 'Content-Type': 'application/geo+json' }).end(`\uFEFF${JSON.stringify(fc)}`);
    }
    if (req.url === '/not-geojson') return res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"hello":1}');
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`;
}, 120_000);
afterAll(async () => {
  await new Promise((r) => upstream.close(r));
});

async function uploadedSource() {
  const rel = path.join('datasources', `${randomHex(8)}.geojson`);
  const abs = path.join(path.resolve(config().UPLOAD_DIR), rel);
  await mkdir(path.dirname(abs), { recursive: true });
  await writeFile(abs, JSON.stringify(fc));
  return db().dataSource.create({ data: { accountId, name: 'Cities', typeId: await typeId('geojson'), settings: {}, filePath: rel, featureCount: 2, bbox: [4.9, 52.09, 5.12, 52.37] } });
}

async function urlSource(url: string) {
  return db().dataSource.create({ data: { accountId, name: 'Remote', typeId: await typeId('geojson'), settings: { url } } });
}

function get(layerId: number, at: { z: string; x: string; y: string }, opts: { token?: string; query?: string } = {}) {
  return call(tile, `/api/layers/${layerId}/tiles/${at.z}/${at.x}/${at.y}${opts.query ? `?${opts.query}` : ''}`, { token: opts.token, params: { id: String(layerId), ...at } });
}

const bytes = (text: string) => Buffer.from(text, 'latin1');

/** A workspace with one uploaded source drawn twice: an open layer and one restricted to a group; plus a share link. */
async function openAndClosedLayers() {
  const ds = await uploadedSource();
  const ws = await workspace(accountId, admin.id);
  const open = await db().layer.create({ data: { workspaceId: ws.id, name: 'open', dataSourceId: ds.id } });
  const group = await db().userGroup.create({ data: { accountId, name: `g${randomHex(4)}` } });
  const closed = await db().layer.create({ data: { workspaceId: ws.id, name: 'closed', dataSourceId: ds.id, userGroups: { create: { userGroupId: group.id } } } });
  return { ds, ws, open, group, closed, token: await shareLink(ws.id) };
}

describe('GET /api/layers/{id}/tiles/{z}/{x}/{y}', () => {
  test('[R2.09] [R4.07] a tile goes to whoever may see the layer; share tokens only for unrestricted layers', async () => {
    const { open, closed, token } = await openAndClosedLayers();
    const viewer = await addAccountMember(accountId);

    const mine = await get(open.id, FULL, { token: admin.token });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/vnd.mapbox-vector-tile');
    const body = bytes(mine.text);
    expect(body.includes(bytes('features'))).toBe(true); // the source layer
    expect(body.includes(bytes('Amsterdam')) && body.includes(bytes('Utrecht'))).toBe(true);
    const empty = await get(open.id, EMPTY, { token: admin.token });
    expect([empty.status, empty.text]).toEqual([200, '']);

    expect((await get(closed.id, FULL, { token: admin.token })).status).toBe(200);
    expect((await get(open.id, FULL, { query: `token=${token}` })).status).toBe(200);
    expect((await get(closed.id, FULL, { query: `token=${token}` })).status).toBe(404);
    expect((await get(closed.id, FULL, { token: viewer.token })).status).toBe(404);
    expect((await get(open.id, FULL, { token: other.admin.token })).status).toBe(404);
    expect((await get(open.id, FULL)).status).toBe(401);
    expect((await get(open.id, { z: '1', x: '2', y: '0' }, { token: admin.token })).status).toBe(404); // outside the grid
  });

  test('[R4.07] the layer list hands out tile URLs; every tile is checked, so revoking a link or a membership ends access at once', async () => {
    const { ds, ws, open, group, closed, token } = await openAndClosedLayers();

    const tree = await call(listLayers, `/api/layers?workspace=${ws.id}`, { token: admin.token });
    const byName = new Map<string, { source: { tiles_url: string } }>(tree.body.results.map((l: { name: string }) => [l.name, l]));
    const tilesUrl = byName.get('open')!.source.tiles_url;
    expect(tilesUrl).toMatch(new RegExp(`^/api/layers/${open.id}/tiles/\\{z\\}/\\{x\\}/\\{y\\}\\?v=\\w+$`));
    const query = tilesUrl.split('?')[1];
    // The URL alone is no credential.
    expect((await get(open.id, FULL, { query })).status).toBe(401);
    expect((await get(open.id, FULL, { query, token: admin.token })).status).toBe(200);

    // A member of the layer's group sees its tiles until the membership ends: then the next tile is a 404.
    const member = await addAccountMember(accountId);
    const membership = await db().userGroupMember.create({ data: { groupId: group.id, userId: member.id } });
    expect((await get(closed.id, FULL, { token: member.token })).status).toBe(200);
    await db().userGroupMember.delete({ where: { id: membership.id } });
    expect((await get(closed.id, FULL, { token: member.token })).status).toBe(404);

    // A revoked share link stops serving tiles on the next request.
    expect((await get(open.id, FULL, { query: `${query}&token=${token}` })).status).toBe(200);
    await db().shareLink.updateMany({ where: { workspaceId: ws.id }, data: { revokedAt: new Date() } });
    expect((await get(open.id, FULL, { query: `${query}&token=${token}` })).status).toBe(404);
    const fresh = await shareLink(ws.id);

    // Share viewers get only the unrestricted layer, with their token in the tile URL.
    const shared = await call(listLayers, `/api/layers?token=${fresh}`, {});
    expect(shared.body.results.map((l: { name: string }) => l.name)).toEqual(['open']);
    expect(shared.body.results[0].source.tiles_url).toContain(`&token=${fresh}`);
    // A data source change gives new URLs (the version busts browser caches).
    await db().dataSource.update({ where: { id: ds.id }, data: { name: 'Renamed' } });
    const again = await call(listLayers, `/api/layers?workspace=${ws.id}`, { token: admin.token });
    const next = again.body.results.find((l: { name: string }) => l.name === 'open').source.tiles_url as string;
    expect(next.match(/v=\w+/)![0]).not.toBe(tilesUrl.match(/v=\w+/)![0]);
    expect((await get(open.id, FULL, { query: next.split('?')[1], token: admin.token })).status).toBe(200);
  });

  test('a URL source is fetched by the server and cut into tiles; a failing or non-GeoJSON URL is a 502', async () => {
    const ws = await workspace(accountId, admin.id);
    const good = await db().layer.create({ data: { workspaceId: ws.id, name: 'remote', dataSourceId: (await urlSource(`${upstreamUrl}/points.geojson`)).id } });
    const missing = await db().layer.create({ data: { workspaceId: ws.id, name: 'missing', dataSourceId: (await urlSource(`${upstreamUrl}/gone.geojson`)).id } });
    const notGeo = await db().layer.create({ data: { workspaceId: ws.id, name: 'not geojson', dataSourceId: (await urlSource(`${upstreamUrl}/not-geojson`)).id } });

    const res = await get(good.id, FULL, { token: admin.token });
    expect(res.status).toBe(200);
    expect(bytes(res.text).includes(bytes('Utrecht'))).toBe(true);
    const gone = await get(missing.id, FULL, { token: admin.token });
    expect([gone.status, gone.body]).toEqual([502, { detail: 'The data source answered HTTP 404.' }]);
    expect((await get(notGeo.id, FULL, { token: admin.token })).status).toBe(502);
    // Other data source types have no tiles.
    const xyz = await db().dataSource.create({ data: { accountId, name: 'xyz', typeId: await typeId('xyz'), settings: { url: `${upstreamUrl}/{z}/{x}/{y}.png` } } });
    const raster = await db().layer.create({ data: { workspaceId: ws.id, name: 'raster', dataSourceId: xyz.id } });
    expect((await get(raster.id, FULL, { token: admin.token })).status).toBe(404);
  });

  test("a protected URL is fetched with the data source's stored credentials, which never reach the browser", async () => {
    const ws = await workspace(accountId, admin.id);
    const make = async (name: string, credentials?: Record<string, string>) => {
      const res = await call(createDataSource, '/api/datasources', { token: admin.token, body: { name, type: 'geojson', account: accountId, settings: { url: `${upstreamUrl}/secure.geojson` }, ...(credentials ? { credentials } : {}) } });
      expect(res.status, res.text).toBe(201);
      return db().layer.create({ data: { workspaceId: ws.id, name, dataSourceId: res.body.id } });
    };
    const withCreds = await make('with credentials', { username: 'joe', password: 'pw' });
    const without = await make('without credentials');
    const wrong = await make('wrong credentials', { username: 'joe', password: 'nope' });

    const res = await get(withCreds.id, FULL, { token: admin.token });
    expect(res.status, res.text).toBe(200);
    expect(bytes(res.text).includes(bytes('Amsterdam'))).toBe(true); // byte order mark of the answer dropped
    for (const layer of [without, wrong]) {
      const denied = await get(layer.id, FULL, { token: admin.token });
      expect([denied.status, denied.body]).toEqual([502, { detail: 'The data source answered HTTP 401.' }]);
    }
    const listed = await call(listLayers, `/api/layers?workspace=${ws.id}`, { token: admin.token });
    expect(listed.text).not.toContain('pw');
    expect(listed.text).not.toContain(Buffer.from('joe:pw').toString('base64'));
  });
});
