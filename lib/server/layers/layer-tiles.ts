import 'server-only';
import { createHmac, hkdfSync } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { TILE_MAX_ZOOM, TILE_SOURCE_LAYER, tiledSource } from '@/lib/map-tiles';
import { config } from '../config';
import { safeEqual } from '../crypto';
import { summarizeGeojson } from '../datasources/geojson-summary';
import { resolveUpload } from '../datasources/upload-files';
import { safeFetch } from '../datasources/safe-fetch';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { findVisibleLayer } from './find-layer';

/**
 * GeoJSON data sources served as Mapbox vector tiles (GET /api/layers/{id}/tiles/{z}/{x}/{y}).
 *
 * Why: a 100 000-feature GeoJSON loaded by the browser costs MapLibre's worker the download and
 * JSON.parse of the whole file, the geojson-vt index, a vector-tile (PBF) encoding of every tile it
 * draws and a structured copy of the whole data set back to the main thread; here that happens once
 * per data source version on the server and every viewer gets small, cacheable tiles.
 *
 * The data is the uploaded file or the source's URL (fetched with the SSRF guard of safe-fetch, up
 * to UPLOAD_MAX_BYTES, without the source's credentials, like the browser did). Indexes are cached
 * per data source and version (`updatedAt`; the file of an upload never changes in place), URL
 * data for URL_TTL_MS; encoded tiles are cached with their index. Every request checks that the
 * caller may see the layer (member, or share token for an unrestricted layer), exactly like
 * GET /api/layers/{id}/data, so the shared cache never serves a tile to someone who may not see it.
 */
const EXTENT = 4096;
const URL_TTL_MS = 5 * 60_000;
const FAILURE_TTL_MS = 10_000;
const MAX_INDEXES = 6;
const MAX_TILES_PER_INDEX = 4000;
const URL_TIMEOUT_MS = 30_000;

type TIndexed = { index: GeoJSONVT; bbox: number[] | null; featureCount: number };
type TEntry = { key: string; at: number; ttl: number; index: Promise<TIndexed>; tiles: Map<string, Uint8Array> };
const cache = new Map<string, TEntry>();

function parseGeojson(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw ApiError.detail(502, 'The data source did not answer with JSON.');
  }
}

async function loadData(source: { filePath: string | null; url: string | null }): Promise<unknown> {
  if (source.filePath) {
    const abs = resolveUpload(source.filePath);
    const text = abs ? await readFile(abs, 'utf8').catch(() => null) : null;
    if (text === null) throw ApiError.notFound();
    return parseGeojson(text);
  }
  if (!source.url) throw ApiError.notFound();
  let res;
  try {
    res = await safeFetch(source.url, { Accept: 'application/geo+json, application/json' }, { timeoutMs: URL_TIMEOUT_MS, maxBytes: config().UPLOAD_MAX_BYTES });
  } catch (err) {
    throw ApiError.detail(502, (err as { fields?: Record<string, string[]> }).fields?.url?.[0] ?? 'The data source could not be loaded.');
  }
  if (res.status < 200 || res.status >= 300) throw ApiError.detail(502, `The data source answered HTTP ${res.status}.`);
  return parseGeojson(res.body.toString('utf8'));
}

function entryFor(key: string, ttl: number, build: () => Promise<TIndexed>): TEntry {
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < hit.ttl) {
    cache.delete(key); // re-insert: the Map's order is the LRU order
    cache.set(key, hit);
    return hit;
  }
  const entry: TEntry = { key, at: now, ttl, index: build(), tiles: new Map() };
  entry.index.catch(() => {
    // A failing source is retried after a short pause, not on every tile of the same map.
    if (cache.get(key) === entry) entry.ttl = FAILURE_TTL_MS;
  });
  cache.set(key, entry);
  while (cache.size > MAX_INDEXES) cache.delete(cache.keys().next().value as string);
  return entry;
}

/** Encodes one tile of a GeoJSON data set (an empty answer when no feature reaches it). */
export function encodeTile(index: GeoJSONVT, z: number, x: number, y: number): Uint8Array {
  const tile = index.getTile(z, x, y);
  if (!tile || !tile.features.length) return new Uint8Array(0);
  return fromGeojsonVt({ [TILE_SOURCE_LAYER]: tile }, { version: 2, extent: EXTENT });
}

/** Validates GeoJSON (as uploads are) and indexes it with the options MapLibre's GeoJSON source uses in the browser. */
export function buildIndex(data: unknown): TIndexed {
  const summary = summarizeGeojson(data);
  if (!summary.ok) throw ApiError.detail(502, summary.error);
  const index = new GeoJSONVT(data as GeoJSON.GeoJSON, { maxZoom: TILE_MAX_ZOOM, extent: EXTENT, buffer: 64, tolerance: 3, indexMaxZoom: 5, indexMaxPoints: 100_000 });
  return { index, bbox: summary.bbox, featureCount: summary.featureCount };
}

type TTileCaller = { userId: number | null; layerId: number; shareToken?: string | null };

/** The cached index of a layer's GeoJSON, after checking the caller may see the layer. */
async function tiledLayer(opts: TTileCaller): Promise<{ entry: TEntry; version: string }> {
  const { layer } = await findVisibleLayer(opts);
  if (!layer.data_source) throw ApiError.notFound();
  const ds = await db().dataSource.findFirst({
    where: { id: layer.data_source, layers: { some: { id: layer.id } } },
    select: { id: true, filePath: true, settings: true, updatedAt: true, type: { select: { code: true } } },
  });
  if (!ds || !tiledSource(ds.type?.code, ds.filePath, ds.settings)) throw ApiError.notFound();
  const url = ds.filePath ? null : String((ds.settings as { url: string }).url).trim();
  const key = ds.filePath ? `file:${ds.filePath}` : `url:${ds.id}:${ds.updatedAt.getTime()}:${url}`;
  const entry = entryFor(key, ds.filePath ? Infinity : URL_TTL_MS, async () => buildIndex(await loadData({ filePath: ds.filePath, url })));
  const version = ds.updatedAt.getTime().toString(36);
  checkedLayers.set(opts.layerId, { key, version });
  return { entry, version };
}

/**
 * Signed tile URLs: the TileJSON (answered after the full access check) hands out tile URLs with
 * an HMAC over layer id, data version and an expiry (SIGNED_FOR_S, in 5-minute steps so the URLs
 * stay cacheable). A tile request with a valid signature is served from the cached index without
 * the layer-visibility queries — the map asks for dozens of tiles at once, and each check costs
 * several SQL statements. Without a valid one (expired, other instance, index evicted) the tile
 * request gets the full check. So losing access takes effect on tiles within SIGNED_FOR_S, the
 * same time the browser may keep a tile (Cache-Control max-age=300).
 */
const SIGNED_FOR_S = 300;
const checkedLayers = new Map<number, { key: string; version: string }>();

function signature(layerId: number, version: string, exp: number): string {
  return createHmac('sha256', hkdfKey()).update(`${layerId}.${version}.${exp}`).digest('base64url').slice(0, 32);
}
let keyCache: { secret: string; key: Buffer } | null = null;
function hkdfKey(): Buffer {
  const secret = config().AUTH_SECRET;
  if (keyCache?.secret !== secret) keyCache = { secret, key: Buffer.from(hkdfSync('sha256', secret, 'mapspace', 'tile-urls', 32)) };
  return keyCache.key;
}

export function signTileQuery(layerId: number, version: string, now = Date.now()): string {
  const exp = (Math.floor(now / 1000 / SIGNED_FOR_S) + 2) * SIGNED_FOR_S;
  return `exp=${exp}&sig=${signature(layerId, version, exp)}`;
}

/** The cached entry a validly signed tile URL points at, or null (then the full check runs). */
function signedEntry(layerId: number, q: { v?: string; exp?: string; sig?: string }): TEntry | null {
  if (!q.v || !q.exp || !q.sig || !/^\d{1,12}$/.test(q.exp)) return null;
  const exp = Number(q.exp);
  if (exp * 1000 <= Date.now() || exp * 1000 > Date.now() + 3 * SIGNED_FOR_S * 1000) return null;
  if (!safeEqual(q.sig, signature(layerId, q.v, exp))) return null;
  const checked = checkedLayers.get(layerId);
  const entry = checked?.version === q.v ? cache.get(checked.key) : undefined;
  return entry && Date.now() - entry.at < entry.ttl ? entry : null;
}

/**
 * TileJSON of a GeoJSON layer: the tile URL template and the data's bounds, so the map asks only
 * for tiles that hold features (one or two for a small layer).
 */
export async function layerTileJsonResponse(opts: TTileCaller): Promise<Response> {
  const { entry, version } = await tiledLayer(opts);
  const { bbox } = await entry.index;
  // The share token stays in the URL: a tile request whose signature expired falls back to the full check.
  const query = `?v=${version}&${signTileQuery(opts.layerId, version)}${opts.shareToken ? `&token=${encodeURIComponent(opts.shareToken)}` : ''}`;
  const body = {
    tilejson: '3.0.0',
    scheme: 'xyz',
    // Root-relative: resolved against the page's origin, whatever host name the app is reached by.
    tiles: [`/api/layers/${opts.layerId}/tiles/{z}/{x}/{y}${query}`],
    minzoom: 0,
    maxzoom: TILE_MAX_ZOOM,
    ...(bbox ? { bounds: padBounds(bbox) } : {}),
    vector_layers: [{ id: TILE_SOURCE_LAYER, fields: {} }],
  };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'private, max-age=300', 'X-Content-Type-Options': 'nosniff' } });
}

/** A bbox widened a little (a single point has an empty one) and kept inside the web-mercator world. */
function padBounds(b: number[]): number[] {
  const pad = 1e-6;
  return [Math.max(-180, b[0] - pad), Math.max(-85.051129, b[1] - pad), Math.min(180, b[2] + pad), Math.min(85.051129, b[3] + pad)];
}

export async function layerTileResponse(opts: TTileCaller & { z: number; x: number; y: number; signed?: { v?: string; exp?: string; sig?: string } }): Promise<Response> {
  const { z, x, y } = opts;
  if (z > 24 || x >= 2 ** z || y >= 2 ** z) throw ApiError.notFound();
  const entry = signedEntry(opts.layerId, opts.signed ?? {}) ?? (await tiledLayer(opts)).entry;
  const { index } = await entry.index;
  const tileKey = `${z}/${x}/${y}`;
  let body = entry.tiles.get(tileKey);
  if (!body) {
    body = encodeTile(index, z, x, y);
    if (entry.tiles.size >= MAX_TILES_PER_INDEX) entry.tiles.delete(entry.tiles.keys().next().value as string);
    entry.tiles.set(tileKey, body);
  }
  // The tile URL carries the data source version (?v=), so a browser may keep it for a while.
  return new Response(body.length ? (body as Uint8Array<ArrayBuffer>) : null, {
    status: 200,
    headers: { 'Content-Type': 'application/vnd.mapbox-vector-tile', 'Cache-Control': 'private, max-age=300', 'X-Content-Type-Options': 'nosniff' },
  });
}

/** For tests: forget every cached index. */
export function clearTileCache() {
  cache.clear();
  checkedLayers.clear();
}
