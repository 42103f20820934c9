import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { POST as testUnsaved } from '@/app/api/datasources/test/route';
import { POST as testSaved } from '@/app/api/datasources/[id]/test/route';
import { POST as createDs } from '@/app/api/datasources/route';
import { call } from '../../helpers/http';
import { accountWithAdmin, ensureSeed, type TUser } from './setup-data';

/** A local map service: WMS/WMTS/WFS capabilities, a PNG tile, GeoJSON, ArcGIS JSON, a 3D tileset, basic auth, a hang. */
const WMS_CAPS = `<?xml version="1.0"?><WMS_Capabilities version="1.3.0" xmlns="http://www.opengis.net/wms"><Service><Name>WMS</Name><Title>t</Title></Service>
<Capability><Layer><Title>root</Title><Layer queryable="1"><Name>roads</Name><Title>Roads</Title></Layer><Layer><Name>rivers &amp; lakes</Name><Title>Water</Title></Layer></Layer></Capability></WMS_Capabilities>`;
const WMTS_CAPS = `<Capabilities xmlns="http://www.opengis.net/wmts/1.0" xmlns:ows="http://www.opengis.net/ows/1.1"><ows:ServiceIdentification><ows:Title>x</ows:Title></ows:ServiceIdentification>
<Contents><Layer><ows:Title>Aerial</ows:Title><ows:Identifier>aerial</ows:Identifier></Layer><Layer><ows:Identifier>topo</ows:Identifier></Layer><TileMatrixSet><ows:Identifier>EPSG:3857</ows:Identifier></TileMatrixSet></Contents></Capabilities>`;
const WFS_CAPS = `<wfs:WFS_Capabilities xmlns:wfs="http://www.opengis.net/wfs/2.0"><FeatureTypeList><FeatureType><Name>ns:parcels</Name><Title>P</Title></FeatureType><FeatureType><Name>ns:roads</Name></FeatureType></FeatureTypeList></wfs:WFS_Capabilities>`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const GEOJSON = { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [1, 2] } }, { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [3, 4] } }] };

let server: Server;
let base: string;
let admin: TUser;
let other: TUser;
const seen: { path: string; auth?: string }[] = [];

beforeAll(async () => {
  await ensureSeed();
  ({ admin } = await accountWithAdmin());
  ({ admin: other } = await accountWithAdmin());
  server = createServer((req, res) => {
    const u = new URL(req.url!, 'http://x');
    seen.push({ path: req.url!, auth: req.headers.authorization });
    const q = (k: string) => [...u.searchParams].find(([n]) => n.toLowerCase() === k)?.[1];
    if (u.pathname === '/wms' && q('request') === 'GetCapabilities') return void res.writeHead(200, { 'content-type': 'text/xml' }).end(WMS_CAPS);
    if (u.pathname === '/wmts' && q('request') === 'GetCapabilities') return void res.writeHead(200, { 'content-type': 'text/xml' }).end(WMTS_CAPS);
    if (u.pathname === '/wfs' && q('request') === 'GetCapabilities') return void res.writeHead(200, { 'content-type': 'text/xml' }).end(WFS_CAPS);
    if (u.pathname === '/error-wms') return void res.writeHead(200, { 'content-type': 'text/xml' }).end('<ServiceExceptionReport><ServiceException>Layer unknown</ServiceException></ServiceExceptionReport>');
    if (/^\/tiles\/0\/0\/0\.png$/.test(u.pathname)) return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (u.pathname === '/wmts-tiles/aerial/default/EPSG%3A28992/0/0/0.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (u.pathname === '/secure/0/0/0.png') {
      if (req.headers.authorization !== `Basic ${Buffer.from('joe:pw').toString('base64')}`) return void res.writeHead(401).end('no');
      return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    }
    if (u.pathname === '/data.geojson') return void res.writeHead(200, { 'content-type': 'application/geo+json' }).end(JSON.stringify(GEOJSON));
    if (u.pathname === '/notgeo.json') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"a":1}');
    if (u.pathname === '/arcgis/rest/services/X/MapServer') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"layers":[{"id":0,"name":"Parcels"}]}');
    if (u.pathname === '/tileset.json') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"asset":{"version":"1.1"},"root":{}}');
    if (u.pathname === '/redirect-to-metadata') return void res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (u.pathname === '/hang') return; // never answers
    res.writeHead(404).end('missing');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const run = (body: unknown) => call(testUnsaved, '/api/datasources/test', { token: admin.token, body });

describe('POST /api/datasources/test (unsaved form)', () => {
  test('WMS GetCapabilities → layer names', async () => {
    const res = await run({ type: 'wms', settings: { url: `${base}/wms`, layers: 'roads' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ ok: true, type: 'wms', status: 200, layers: ['roads', 'rivers & lakes'] });
    expect(seen.at(-1)!.path).toMatch(/SERVICE=WMS&REQUEST=GetCapabilities&VERSION=1.3.0/);
  });

  test('WMTS capabilities → layer identifiers; WFS → feature types', async () => {
    expect((await run({ type: 'wmts', settings: { url: `${base}/wmts`, layer: 'aerial' } })).body.layers).toEqual(['aerial', 'topo']);
    expect((await run({ type: 'wfs', settings: { url: `${base}/wfs`, typeName: 'ns:roads' } })).body.layers).toEqual(['ns:parcels', 'ns:roads']);
  });

  test('WMTS RESTful template → one tile with {Layer}, {Style} and {TileMatrixSet} filled in', async () => {
    const res = await run({ type: 'wmts', settings: { url: `${base}/wmts-tiles/{Layer}/{Style}/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}.png`, layer: 'aerial', tileMatrixSet: 'EPSG:28992' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ content_type: 'image/png', size: PNG.length });
  });

  test('XYZ → one tile at z=0 with content type and size', async () => {
    const res = await run({ type: 'xyz', settings: { url: `${base}/tiles/{z}/{x}/{y}.png` } });
    expect(res.body).toMatchObject({ ok: true, content_type: 'image/png', size: PNG.length });
  });

  test('GeoJSON URL → feature count and bbox; ArcGIS → layers; 3D Tiles → version', async () => {
    expect((await run({ type: 'geojson', settings: { url: `${base}/data.geojson` } })).body).toMatchObject({ feature_count: 2, bbox: [1, 2, 3, 4] });
    expect((await run({ type: 'arcgis', settings: { url: `${base}/arcgis/rest/services/X/MapServer`, kind: 'MapServer' } })).body.layers).toEqual(['Parcels']);
    expect((await run({ type: '3dtiles', settings: { url: `${base}/tileset.json` } })).body.info).toEqual({ version: '1.1' });
  });

  test('credentials are sent as HTTP basic auth', async () => {
    const without = await run({ type: 'xyz', settings: { url: `${base}/secure/{z}/{x}/{y}.png` } });
    expect(without.status).toBe(400);
    expect(without.body).toEqual({ settings: { url: ['The service answered HTTP 401.'] } });
    const withCreds = await run({ type: 'xyz', settings: { url: `${base}/secure/{z}/{x}/{y}.png` }, credentials: { username: 'joe', password: 'pw' } });
    expect(withCreds.status).toBe(200);
  });

  test.each([
    ['upstream 404', { type: 'xyz', settings: { url: 'BASE/nothing/{z}/{x}/{y}.png' } }, { settings: { url: ['The service answered HTTP 404.'] } }],
    ['service exception', { type: 'wms', settings: { url: 'BASE/error-wms', layers: 'x' } }, { settings: { url: ['The service reported: Layer unknown'] } }],
    ['not GeoJSON', { type: 'geojson', settings: { url: 'BASE/notgeo.json' } }, { settings: { url: [expect.stringContaining('not valid GeoJSON')] } }],
    ['link-local metadata address', { type: 'geojson', settings: { url: 'http://169.254.169.254/latest/meta-data/' } }, { settings: { url: ['This address is not allowed.'] } }],
    ['redirect to metadata address', { type: 'geojson', settings: { url: 'BASE/redirect-to-metadata' } }, { settings: { url: ['This address is not allowed.'] } }],
    ['invalid settings', { type: 'wms', settings: { url: 'x' } }, { settings: { url: ['Enter a valid URL.'], layers: ['This field is required.'] } }],
    ['unknown type', { type: 'nope', settings: {} }, { type: ['Invalid pk "nope" - object does not exist.'] }],
  ])('%s → 400', async (_label, body, expected) => {
    const res = await run(JSON.parse(JSON.stringify(body).replaceAll('BASE', base)));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(expected);
  });

  test('a service that does not answer fails after the 5 s timeout', async () => {
    const res = await run({ type: 'geojson', settings: { url: `${base}/hang` } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ settings: { url: ['The service did not answer within 5 seconds.'] } });
  }, 15_000);

  test('anonymous → 401', async () => {
    expect((await call(testUnsaved, '/api/datasources/test', { body: { type: 'wms', settings: {} } })).status).toBe(401);
  });
});

describe('POST /api/datasources/{id}/test (saved)', () => {
  test('uses the stored credentials; foreign callers get 404', async () => {
    const created = await call(createDs, '/api/datasources', {
      token: admin.token,
      body: { name: 'Secure', type: 'xyz', settings: { url: `${base}/secure/{z}/{x}/{y}.png` }, credentials: { username: 'joe', password: 'pw' } },
    });
    const id = String(created.body.id);
    const res = await call(testSaved, `/api/datasources/${id}/test`, { method: 'POST', token: admin.token, params: { id } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ ok: true, content_type: 'image/png' });
    expect((await call(testSaved, `/api/datasources/${id}/test`, { method: 'POST', token: other.token, params: { id } })).status).toBe(404);
  });
});
