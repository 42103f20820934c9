import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync, gzipSync, inflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { e2eDb, uniqueName } from './fixtures';

/**
 * Map test kit: a tiny PNG encoder/decoder (node:zlib), a local map-service
 * server (XYZ tiles, a Terrarium DEM, GeoJSON, a WMS, a BI page), and SQL
 * helpers that create workspaces, data sources, layers and share links.
 */
type TRgba = [number, number, number, number];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

export function encodePng(w: number, h: number, pixel: (x: number, y: number) => TRgba): Buffer {
  const raw = Buffer.alloc((w * 4 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 4 + 1)] = 0;
    for (let x = 0; x < w; x++) {
      const p = pixel(x, y);
      raw.set(p, y * (w * 4 + 1) + 1 + x * 4);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

export type TImage = { width: number; height: number; data: Buffer };

/** Decodes 8-bit RGB/RGBA PNGs (what Chromium screenshots are). */
export function decodePng(buf: Buffer): TImage {
  let pos = 8;
  let width = 0;
  let height = 0;
  let colorType = 6;
  const idat: Buffer[] = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos);
    const type = buf.toString('ascii', pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      colorType = data[9];
    } else if (type === 'IDAT') idat.push(data);
    pos += 12 + len;
  }
  const bpp = colorType === 6 ? 4 : 3;
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * bpp;
  const out = Buffer.alloc(width * height * 4);
  const prev = Buffer.alloc(stride);
  const cur = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)];
    raw.copy(cur, 0, y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? cur[i - bpp] : 0;
      const b = prev[i];
      const c = i >= bpp ? prev[i - bpp] : 0;
      let v = cur[i];
      if (f === 1) v += a;
      else if (f === 2) v += b;
      else if (f === 3) v += (a + b) >> 1;
      else if (f === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      cur[i] = v & 0xff;
    }
    for (let x = 0; x < width; x++) {
      out[(y * width + x) * 4] = cur[x * bpp];
      out[(y * width + x) * 4 + 1] = cur[x * bpp + 1];
      out[(y * width + x) * 4 + 2] = cur[x * bpp + 2];
      out[(y * width + x) * 4 + 3] = bpp === 4 ? cur[x * bpp + 3] : 255;
    }
    cur.copy(prev);
  }
  return { width, height, data: out };
}

export function pixelAt(img: TImage, x: number, y: number): [number, number, number] {
  const i = (Math.round(y) * img.width + Math.round(x)) * 4;
  return [img.data[i], img.data[i + 1], img.data[i + 2]];
}

/** Nearest named colour of a pixel, so assertions read as words. */
export function colorName([r, g, b]: [number, number, number]): string {
  const named: Record<string, [number, number, number]> = { red: [255, 0, 0], green: [0, 200, 0], blue: [0, 0, 255], yellow: [255, 220, 0], background: [238, 240, 242], white: [255, 255, 255], black: [0, 0, 0] };
  let best = 'other';
  let dist = 60 * 60 * 3;
  for (const [name, c] of Object.entries(named)) {
    const d = (r - c[0]) ** 2 + (g - c[1]) ** 2 + (b - c[2]) ** 2;
    if (d < dist) {
      dist = d;
      best = name;
    }
  }
  return best;
}

export const COLORS: Record<string, TRgba> = { red: [255, 0, 0, 255], green: [0, 200, 0, 255], blue: [0, 0, 255, 255], yellow: [255, 220, 0, 255] };

/** Terrarium height at tile pixel x: 100 m at the left edge rising 1 m per pixel. */
export function demHeight(px: number) {
  return 100 + px;
}

export type TMapServer = { url: string; requests: string[]; close: () => Promise<void> };

export async function startMapServer(): Promise<TMapServer> {
  const requests: string[] = [];
  const tiles = new Map<string, Buffer>();
  const solid = (name: string) => {
    if (!tiles.has(name)) tiles.set(name, encodePng(256, 256, () => COLORS[name] ?? [128, 128, 128, 255]));
    return tiles.get(name)!;
  };
  const dem = encodePng(256, 256, (x) => {
    const v = demHeight(x) + 32768;
    return [Math.floor(v / 256), v % 256, 0, 255];
  });
  const server: Server = createServer((req: IncomingMessage, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    requests.push(req.url ?? '');
    const send = (status: number, type: string, body: Buffer | string) => {
      res.writeHead(status, { 'Content-Type': type, 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' });
      res.end(body);
    };
    let m: RegExpExecArray | null;
    if ((m = /^\/tiles\/(\w+)\/\d+\/\d+\/\d+\.png$/.exec(u.pathname))) return send(200, 'image/png', solid(m[1]));
    if (/^\/dem\/\d+\/\d+\/\d+\.png$/.test(u.pathname)) return send(200, 'image/png', dem);
    if (u.pathname === '/data.geojson') return send(200, 'application/geo+json', JSON.stringify(GEOJSON));
    if ((m = /^\/wms\/(\w+)$/.exec(u.pathname))) {
      const q = Object.fromEntries([...u.searchParams].map(([k, v]) => [k.toUpperCase(), v]));
      if (q.REQUEST === 'GetMap') return send(200, 'image/png', solid(m[1]));
      if (q.REQUEST === 'GetLegendGraphic') return send(200, 'image/png', encodePng(20, 12, () => COLORS[m![1]]));
      if (q.REQUEST === 'GetFeatureInfo') return send(200, 'application/json', JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { parcel: 'P-42', owner: 'Municipality' }, geometry: null }] }));
      if (q.REQUEST === 'GetCapabilities') return send(200, 'text/xml', `<?xml version="1.0"?><WMS_Capabilities version="1.3.0"><Capability><Layer><Name>${m[1]}</Name></Layer></Capability></WMS_Capabilities>`);
      return send(400, 'text/plain', 'bad request');
    }
    if (u.pathname === '/portal/sharing/rest/oauth2/authorize') {
      const back = u.searchParams.get('redirect_uri') ?? '';
      res.writeHead(302, { Location: `${back}#access_token=${ARCGIS_TOKEN}&expires_in=7200&username=alice` });
      return res.end();
    }
    if (u.pathname === '/arcgis/rest/services/Private/FeatureServer/0/query') {
      if (u.searchParams.get('token') !== ARCGIS_TOKEN) return send(200, 'application/json', JSON.stringify({ error: { code: 499, message: 'Token Required' } }));
      return send(200, 'application/geo+json', JSON.stringify(GEOJSON));
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'Range', 'Access-Control-Allow-Methods': 'GET' });
      return res.end();
    }
    if (u.pathname === '/area.pmtiles') {
      const m2 = /bytes=(\d+)-(\d+)/.exec(req.headers.range ?? '');
      if (!m2) return send(200, 'application/octet-stream', PMTILES);
      const [a, b] = [Number(m2[1]), Math.min(Number(m2[2]), PMTILES.length - 1)];
      res.writeHead(206, { 'Content-Type': 'application/octet-stream', 'Content-Range': `bytes ${a}-${b}/${PMTILES.length}`, 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': 'Content-Range' });
      return res.end(PMTILES.subarray(a, b + 1));
    }
    if (u.pathname === '/wfs' && /GetFeature/i.test(u.searchParams.get('REQUEST') ?? '')) return send(200, 'application/json', JSON.stringify(GEOJSON));
    if ((m = /^\/wmts\/(\w+)\/EPSG:3857\/\d+\/\d+\/\d+\.png$/.exec(u.pathname))) return send(200, 'image/png', solid(m[1]));
    if ((m = /^\/arcgis\/rest\/services\/(\w+)\/MapServer\/export$/.exec(u.pathname))) return send(200, 'image/png', solid(m[1]));
    if (u.pathname.startsWith('/broken/')) return send(500, 'text/plain', 'tile server error');
    if (u.pathname === '/bi') return send(200, 'text/html', `<!doctype html><title>BI</title><p id="q">${u.search.replace(/[<>&]/g, '')}</p>`);
    send(404, 'text/plain', 'not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((r) => server.close(() => r())) };
}

export const ARCGIS_TOKEN = 'arcgis-user-token-123';

/** A red square around (5, 52) with a named point inside it. */
export const GEOJSON = {
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', properties: { name: 'Central square', kind: 'area' }, geometry: { type: 'Polygon', coordinates: [[[4, 51.4], [6, 51.4], [6, 52.6], [4, 52.6], [4, 51.4]]] } },
    { type: 'Feature', properties: { name: 'Alpha Tower', kind: 'poi' }, geometry: { type: 'Point', coordinates: [8.5, 53.2] } },
  ],
};

// ---- a one-tile PMTiles v3 archive (gzip) whose z0 vector tile is a square over the whole world ----

function varint(n: number): number[] {
  const out: number[] = [];
  while (n >= 0x80) {
    out.push((n & 0x7f) | 0x80);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return out;
}
const zigzag = (n: number) => (n << 1) ^ (n >> 31);
const field = (tag: number, bytes: number[]) => [...varint(tag), ...varint(bytes.length), ...bytes];
const str = (s: string) => [...Buffer.from(s)];

function squareMvt(layerName: string): Buffer {
  const [lo, hi] = [-64, 4160];
  const geometry = [9, zigzag(lo), zigzag(lo), 26, zigzag(hi - lo), 0, 0, zigzag(hi - lo), zigzag(lo - hi), 0, 15];
  const geomBytes = geometry.flatMap(varint);
  const feature = [...varint(8), ...varint(1), ...field(18, [0, 0]), ...varint(24), ...varint(3), ...field(34, geomBytes)];
  const layer = [...varint(120), ...varint(2), ...field(10, str(layerName)), ...field(18, feature), ...field(26, str('name')), ...field(34, field(10, str('Everywhere'))), ...varint(40), ...varint(4096)];
  return Buffer.from(field(26, layer));
}

function buildPmtiles(): Buffer {
  const tile = gzipSync(squareMvt('areas'));
  const root = gzipSync(Buffer.from([...varint(1), ...varint(0), ...varint(1), ...varint(tile.length), ...varint(1)]));
  const meta = gzipSync(Buffer.from(JSON.stringify({ vector_layers: [{ id: 'areas', fields: { name: 'String' } }] })));
  const h = Buffer.alloc(127);
  h.write('PMTiles', 0, 'ascii');
  h[7] = 3;
  const rootOffset = 127;
  const metaOffset = rootOffset + root.length;
  const leafOffset = metaOffset + meta.length;
  const dataOffset = leafOffset;
  const fields = [rootOffset, root.length, metaOffset, meta.length, leafOffset, 0, dataOffset, tile.length, 1, 1, 1];
  fields.forEach((v, i) => h.writeBigUInt64LE(BigInt(v), 8 + i * 8));
  h[96] = 1;
  h[97] = 2;
  h[98] = 2;
  h[99] = 1;
  h[100] = 0;
  h[101] = 0;
  h.writeInt32LE(-1800000000, 102);
  h.writeInt32LE(-850000000, 106);
  h.writeInt32LE(1800000000, 110);
  h.writeInt32LE(850000000, 114);
  return Buffer.concat([h, root, meta, tile]);
}
const PMTILES = buildPmtiles();

// ---- database helpers -------------------------------------------------------------------------

export async function createWorkspace(owner: { id: number; account?: { id: number } }, opts: { camera?: object; plugins?: object; name?: string; mobile?: boolean } = {}) {
  const db = e2eDb();
  const name = opts.name ?? uniqueName('Map ');
  const { rows } = await db.query(
    `INSERT INTO workspaces (name, description, admin_id, account_id, plan_id, camera, workspace_plugins, mobile, updated_at)
     VALUES ($1, 'e2e map', $2, $3, (SELECT id FROM plans WHERE slug = 'trial'), $4, $5, $6, now()) RETURNING id`,
    [name, owner.id, owner.account!.id, JSON.stringify(opts.camera ?? { center: [5, 52], zoom: 6, bearing: 0, pitch: 0 }), JSON.stringify(opts.plugins ?? {}), !!opts.mobile],
  );
  return { id: rows[0].id as number, name };
}

export async function createDataSource(accountId: number, type: string, settings: object, name = uniqueName(`${type} `)) {
  const { rows } = await e2eDb().query(
    `INSERT INTO datasources (account_id, name, type_id, settings, updated_at) VALUES ($1, $2, (SELECT id FROM datasource_types WHERE code = $3), $4, now()) RETURNING id`,
    [accountId, name, type, JSON.stringify(settings)],
  );
  return rows[0].id as number;
}

export async function createLayer(workspaceId: number, dataSourceId: number | null, opts: { name: string; position: number; visible?: boolean; template?: object; parent?: number; isGroup?: boolean; opacity?: number }) {
  const { rows } = await e2eDb().query(
    `INSERT INTO layers (workspace_id, data_source_id, name, position, visible, template, parent_id, is_group, opacity, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now()) RETURNING id`,
    [workspaceId, dataSourceId, opts.name, opts.position, opts.visible ?? true, JSON.stringify(opts.template ?? {}), opts.parent ?? null, !!opts.isGroup, opts.opacity ?? 1],
  );
  return rows[0].id as number;
}

export async function createShareLink(workspaceId: number, opts: { revoked?: boolean; expired?: boolean } = {}) {
  const token = randomBytes(24).toString('hex');
  await e2eDb().query(
    `INSERT INTO share_links (workspace_id, token_hash, revoked_at, expires_at, updated_at) VALUES ($1, $2, $3, $4, now())`,
    [workspaceId, createHash('sha256').update(token).digest('hex'), opts.revoked ? new Date() : null, opts.expired ? new Date(Date.now() - 60_000) : null],
  );
  return token;
}

export async function restrictLayer(accountId: number, layerId: number, memberIds: number[]) {
  const db = e2eDb();
  const g = await db.query(`INSERT INTO user_groups (account_id, name, updated_at) VALUES ($1, $2, now()) RETURNING id`, [accountId, uniqueName('Group ')]);
  const groupId = g.rows[0].id as number;
  for (const uid of memberIds) await db.query(`INSERT INTO user_group_members (group_id, user_id, updated_at) VALUES ($1, $2, now())`, [groupId, uid]);
  await db.query(`INSERT INTO layer_user_groups (layer_id, user_group_id, updated_at) VALUES ($1, $2, now())`, [layerId, groupId]);
  return groupId;
}

export async function invite(workspaceId: number, userId: number) {
  await e2eDb().query(`INSERT INTO invites (workspace_id, user_id, updated_at) VALUES ($1, $2, now())`, [workspaceId, userId]);
}

// ---- browser helpers --------------------------------------------------------------------------

/** Screenshot of the map element, decoded. */
export async function mapImage(page: Page, testId = 'map'): Promise<{ img: TImage; box: { width: number; height: number } }> {
  const el: Locator = page.getByTestId(testId);
  const img = decodePng(await el.screenshot({ animations: 'disabled' }));
  return { img, box: { width: img.width, height: img.height } };
}

/** Colour name at a point of the map given as fractions of its size. */
export async function colorAt(page: Page, fx: number, fy: number, testId = 'map'): Promise<string> {
  const { img } = await mapImage(page, testId);
  return colorName(pixelAt(img, (img.width - 1) * fx, (img.height - 1) * fy));
}

export async function waitForMap(page: Page) {
  await expect(page.getByTestId('map')).toHaveAttribute('data-map-idle', 'true', { timeout: 30_000 });
}

/** Whether an API route of another branch exists yet (an unknown /api path answers Next's HTML 404). */
export async function apiExists(request: APIRequestContext, method: 'PATCH' | 'POST' | 'GET', path: string): Promise<boolean> {
  const res = await request.fetch(path, { method, data: method === 'GET' ? undefined : {}, failOnStatusCode: false, maxRedirects: 0 });
  const type = res.headers()['content-type'] ?? '';
  return !(res.status() === 404 && !type.includes('json')) && res.status() !== 405;
}
