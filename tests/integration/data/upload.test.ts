import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { POST as upload } from '@/app/api/datasources/upload/route';
import { DELETE as deleteDs } from '@/app/api/datasources/[id]/route';
import { GET as layerData } from '@/app/api/layers/[id]/data/route';
import { GET as layerTile } from '@/app/api/layers/[id]/tiles/[z]/[x]/[y]/route';
import { GET as listLayers } from '@/app/api/layers/route';
import { config } from '@/lib/server/config';
import { db } from '@/lib/server/db';
import { clearTileCache, hasTileIndex } from '@/lib/server/layers/layer-tiles';
import { buildRequest, call } from '../../helpers/http';
import { accountWithAdmin, addAccountMember, shareLink, twoAccounts, workspace, type TUser } from './setup-data';

let admin: TUser;
let accountId: number;
let other: { admin: TUser; accountId: number };

beforeAll(async () => {
  ({ admin, accountId, other } = await twoAccounts());
}, 120_000);

const fc = {
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', properties: { n: 1 }, geometry: { type: 'Point', coordinates: [4.9, 52.37] } },
    { type: 'Feature', properties: { n: 2 }, geometry: { type: 'LineString', coordinates: [[5.1, 52.0], [6.2, 53.1]] } },
    { type: 'Feature', properties: {}, geometry: null },
  ],
};

function form(parts: { name?: string; account?: string; file?: { content: string | Uint8Array; filename: string } }) {
  const fd = new FormData();
  if (parts.name !== undefined) fd.set('name', parts.name);
  if (parts.account !== undefined) fd.set('account', parts.account);
  if (parts.file) fd.set('file', new Blob([parts.file.content as BlobPart]), parts.file.filename);
  return fd;
}

async function send(fd: FormData, token: string, headers: Record<string, string> = {}) {
  const req = new Request('http://x/', { method: 'POST', body: fd });
  const contentType = req.headers.get('content-type')!;
  const body = new Uint8Array(await req.arrayBuffer());
  return call(upload, '/api/datasources/upload', { token, rawBody: body, contentType, headers: { 'content-length': String(body.byteLength), ...headers } });
}

function filesOnDisk() {
  const dirs = ['datasources', 'tmp'].map((d) => path.join(path.resolve(config().UPLOAD_DIR), d));
  return dirs.flatMap((d) => (existsSync(d) ? readdirSync(d).map((f) => path.join(d, f)) : []));
}

describe('POST /api/datasources/upload', () => {
  test('a GeoJSON file becomes a data source with feature count and bbox; the file is stored', async () => {
    const before = filesOnDisk().length;
    const res = await send(form({ name: 'Cities', account: String(accountId), file: { content: JSON.stringify(fc), filename: 'cities.geojson' } }), admin.token);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ name: 'Cities', file: { size: JSON.stringify(fc).length, feature_count: 3, bbox: [4.9, 52, 6.2, 53.1] }, workspaces: { count: 0, names: [] } });
    expect(filesOnDisk().length).toBe(before + 1);
    const row = await db().dataSource.findUniqueOrThrow({ where: { id: res.body.id }, include: { type: true } });
    expect(row.type?.code).toBe('geojson');
    expect(row.featureCount).toBe(3);

    // deleting the data source removes its file
    const id = String(res.body.id);
    expect((await call(deleteDs, `/api/datasources/${id}`, { method: 'DELETE', token: admin.token, params: { id } })).status).toBe(204);
    expect(filesOnDisk().length).toBe(before);
  });

  test('a GeoJSON upload is cut into a tile index right after it is stored, from the document already parsed', async () => {
    clearTileCache();
    const res = await send(form({ name: 'Warm', account: String(accountId), file: { content: JSON.stringify(fc), filename: 'warm.geojson' } }), admin.token);
    expect(res.status, res.text).toBe(201);
    const row = await db().dataSource.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(hasTileIndex(row.filePath!)).toBe(true);
    // The warmed index serves the first tile of a map that shows the upload (z7 tile of the point).
    const ws = await workspace(accountId, admin.id);
    const layer = await db().layer.create({ data: { workspaceId: ws.id, name: 'warm', dataSourceId: row.id } });
    const at = { id: String(layer.id), z: '7', x: '65', y: '42' };
    const tile = await call(layerTile, `/api/layers/${at.id}/tiles/7/65/42`, { token: admin.token, params: at });
    expect(tile.status).toBe(200);
    expect(tile.text.length).toBeGreaterThan(0);
  });

  test('a .pmtiles file is stored as-is as vector tiles', async () => {
    const bytes = new Uint8Array([...Buffer.from('PMTiles'), 3, ...new Array(120).fill(0)]);
    const res = await send(form({ name: 'Tiles', file: { content: bytes, filename: 'x.pmtiles' } }), admin.token);
    expect(res.status, res.text).toBe(201);
    expect(res.body.file).toEqual({ size: bytes.length, feature_count: null, bbox: null });
  });

  const bad: [string, () => FormData, number, Record<string, unknown>][] = [
    ['empty file', () => form({ name: 'x', file: { content: '', filename: 'a.geojson' } }), 400, { file: ['The submitted file is empty.'] }],
    ['not JSON', () => form({ name: 'x', file: { content: 'lat,lon\n1,2', filename: 'a.geojson' } }), 400, { file: ['The file is not valid JSON.'] }],
    ['JSON but not GeoJSON', () => form({ name: 'x', file: { content: '{"hello": "world"}', filename: 'a.json' } }), 400, { file: [expect.stringContaining('not valid GeoJSON')] }],
    ['bad geometry', () => form({ name: 'x', file: { content: JSON.stringify({ type: 'Feature', geometry: { type: 'Point', coordinates: ['a', 'b'] } }), filename: 'a.json' } }), 400, { file: [expect.stringContaining('not valid GeoJSON')] }],
    ['FeatureCollection without features', () => form({ name: 'x', file: { content: '{"type":"FeatureCollection","features":[]}', filename: 'a.json' } }), 400, { file: ['The GeoJSON file has no features.'] }],
    ['fake pmtiles', () => form({ name: 'x', file: { content: 'not a pmtiles', filename: 'a.pmtiles' } }), 400, { file: ['The file is not a PMTiles archive.'] }],
    ['no file', () => form({ name: 'x' }), 400, { file: ['No file was submitted.'] }],
    ['no name', () => form({ file: { content: JSON.stringify(fc), filename: 'a.geojson' } }), 400, { name: ['This field is required.'] }],
    ['foreign account', () => form({ name: 'x', account: '999999', file: { content: JSON.stringify(fc), filename: 'a.geojson' } }), 400, { account: ['Invalid pk "999999" - object does not exist.'] }],
  ];
  test.each(bad)('%s → error, no row and no file left', async (_label, build, status, body) => {
    const rows = await db().dataSource.count({ where: { accountId } });
    const files = filesOnDisk().length;
    const res = await send(build(), admin.token);
    expect(res.status).toBe(status);
    expect(res.body).toEqual(body);
    expect(await db().dataSource.count({ where: { accountId } })).toBe(rows);
    expect(filesOnDisk().length).toBe(files);
  });

  test('too big: over UPLOAD_MAX_BYTES → 413, no row and no file (declared length and streamed body)', async () => {
    const cfg = config();
    const saved = cfg.UPLOAD_MAX_BYTES;
    cfg.UPLOAD_MAX_BYTES = 2048;
    try {
      const rows = await db().dataSource.count({ where: { accountId } });
      const files = filesOnDisk().length;
      const big = JSON.stringify({ type: 'FeatureCollection', features: Array.from({ length: 100 }, () => fc.features[0]) });
      expect(big.length).toBeGreaterThan(2048);
      const streamed = await send(form({ name: 'x', file: { content: big, filename: 'a.geojson' } }), admin.token, { 'content-length': '1500' });
      expect(streamed.status).toBe(413);
      expect(streamed.body).toEqual({ file: ['The file is too large: the limit is 0 MB.'] });
      const declared = await send(form({ name: 'x', file: { content: big, filename: 'a.geojson' } }), admin.token, { 'content-length': String(10 * 1024 * 1024) });
      expect(declared.status).toBe(413);
      expect(await db().dataSource.count({ where: { accountId } })).toBe(rows);
      expect(filesOnDisk().length).toBe(files);
    } finally {
      cfg.UPLOAD_MAX_BYTES = saved;
    }
  });

  test('not multipart → 415; anonymous → 401', async () => {
    const res = await call(upload, '/api/datasources/upload', { token: admin.token, body: { name: 'x' } });
    expect(res.status).toBe(415);
    expect((await call(upload, '/api/datasources/upload', { rawBody: 'x', contentType: 'multipart/form-data; boundary=b' })).status).toBe(401);
  });

  test('a member without admin rights cannot upload into the account', async () => {
    const member = await addAccountMember(accountId);
    const res = await send(form({ name: 'x', account: String(accountId), file: { content: JSON.stringify(fc), filename: 'a.geojson' } }), member.token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ account: [`Invalid pk "${accountId}" - object does not exist.`] });
  });
});

describe('GET /api/layers/{id}/data', () => {
  test('serves the uploaded file to members and share-token holders; restricted layers are 404 for non-members', async () => {
    const up = await send(form({ name: 'Data', file: { content: JSON.stringify(fc), filename: 'd.geojson' } }), admin.token);
    const ws = await workspace(accountId, admin.id);
    const open = await db().layer.create({ data: { workspaceId: ws.id, name: 'open', dataSourceId: up.body.id } });
    const group = await db().userGroup.create({ data: { accountId, name: 'g' } });
    const closed = await db().layer.create({ data: { workspaceId: ws.id, name: 'closed', dataSourceId: up.body.id, userGroups: { create: { userGroupId: group.id } } } });
    const token = await shareLink(ws.id);
    const viewer = await addAccountMember(accountId);

    const get = (id: number, opts: { token?: string; share?: string }) =>
      call(layerData, `/api/layers/${id}/data${opts.share ? `?token=${opts.share}` : ''}`, { token: opts.token, params: { id: String(id) } });

    const mine = await get(open.id, { token: admin.token });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/geo+json');
    expect(mine.body).toEqual(fc);
    expect((await get(closed.id, { token: admin.token })).status).toBe(200);
    expect((await get(open.id, { share: token })).status).toBe(200);
    expect((await get(closed.id, { share: token })).status).toBe(404);
    expect((await get(closed.id, { token: viewer.token })).status).toBe(404);
    expect((await get(open.id, { token: other.admin.token })).status).toBe(404);
    expect((await get(open.id, {})).status).toBe(401);

    // the layer tree points at the data URL (with the token for share viewers)
    const tree = await call(listLayers, `/api/layers?token=${token}`, {});
    expect(tree.body.results.map((l: { name: string }) => l.name)).toEqual(['open']);
    expect(tree.body.results[0].source.data_url).toBe(`/api/layers/${open.id}/data?token=${token}`);

    const ranged = await layerData(buildRequest(`/api/layers/${open.id}/data`, { token: admin.token, headers: { range: 'bytes=0-9' } }), { params: Promise.resolve({ id: String(open.id) }) });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 0-9/${JSON.stringify(fc).length}`);
    expect(await ranged.text()).toBe(JSON.stringify(fc).slice(0, 10));
  });
});

describe('uploaded files follow their rows', () => {
  test('deleting the account removes its data sources’ files from disk', async () => {
    const { DELETE: deleteAccount } = await import('@/app/api/accounts/[id]/route');
    const t = await accountWithAdmin();
    const res = await send(form({ name: 'Gone', account: String(t.accountId), file: { content: JSON.stringify(fc), filename: 'gone.geojson' } }), t.admin.token);
    expect(res.status).toBe(201);
    const row = await db().dataSource.findUniqueOrThrow({ where: { id: res.body.id }, omit: { secrets: true } });
    const abs = path.join(path.resolve(config().UPLOAD_DIR), row.filePath!);
    expect(existsSync(abs)).toBe(true);
    const del = await call(deleteAccount, `/api/accounts/${t.accountId}`, { method: 'DELETE', token: t.admin.token, params: { id: String(t.accountId) } });
    expect(del.status).toBe(204);
    expect(existsSync(abs)).toBe(false);
  });
});
