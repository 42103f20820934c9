import 'server-only';
import { readFile } from 'node:fs/promises';
import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { TILE_MAX_ZOOM, TILE_SOURCE_LAYER, tiledSource } from '@/lib/map-tiles';
import { config } from '../config';
import { authHeaders, openCredentials } from '../datasources/credentials';
import { summarizeGeojson } from '../datasources/geojson-summary';
import { resolveUpload } from '../datasources/upload-files';
import { safeFetch } from '../datasources/safe-fetch';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { parseJsonText } from '../json-text';
import { findVisibleLayer } from './find-layer';
import type { TLayerSourceRow } from './list-visible-layers';
import { rememberBounds, tileCacheKey, uploadCacheKey } from './tile-urls';

/**
 * GeoJSON data sources served as Mapbox vector tiles (GET /api/layers/{id}/tiles/{z}/{x}/{y}).
 *
 * Why: a 100 000-feature GeoJSON loaded by the browser costs MapLibre's worker the download and
 * JSON.parse of the whole file, the geojson-vt index, a vector-tile (PBF) encoding of every tile it
 * draws and a structured copy of the whole data set back to the main thread; here that happens once
 * per data source version on the server and every viewer gets small, cacheable tiles.
 *
 * The data is the uploaded file or the source's URL (fetched with the SSRF guard of safe-fetch, up
 * to UPLOAD_MAX_BYTES, with the source's stored credentials). Indexes are cached
 * per data source and version (`updatedAt`; the file of an upload never changes in place), URL
 * data for URL_TTL_MS; encoded tiles are cached with their index. Every tile request gets the full
 * check of GET /api/layers/{id}/data (member, or share token for an unrestricted layer), so the
 * shared cache never serves a tile to someone who may not see it, and revocation is immediate.
 * Building an index runs on the event loop (≈ 0.4 s for 100 000 points on this machine, once per
 * data source version); a worker thread would keep it off the request path.
 */
const EXTENT = 4096;
const URL_TTL_MS = 5 * 60_000;
const FAILURE_TTL_MS = 10_000;
// The cache is bounded by memory, not by a count: a workspace easily has more GeoJSON layers than
// a small count, and the big one must not be evicted by the small ones of the same map. An index
// takes about 5× the GeoJSON text in heap (measured: 14.6 MB of points → 70 MB); encoded tiles
// are counted as they are, at most TILE_BYTES_PER_INDEX per index.
const MAX_CACHED_BYTES = 192 * 1024 * 1024;
const INDEX_BYTES_PER_SOURCE_BYTE = 5;
const TILE_BYTES_PER_INDEX = 32 * 1024 * 1024;
const MAX_INDEXES = 200;
const URL_TIMEOUT_MS = 30_000;

type TIndexed = { index: GeoJSONVT; bbox: number[] | null; featureCount: number; bytes: number };
type TEntry = { key: string; at: number; ttl: number; bytes: number; tileBytes: number; index: Promise<TIndexed>; tiles: Map<string, Uint8Array> };
// On globalThis: the upload route warms the index the tile route serves, and each route is its own
// server bundle with its own copy of this module (see tile-urls.ts).
const g = globalThis as { __mapspaceTileCache?: Map<string, TEntry> };
const cache = (g.__mapspaceTileCache ??= new Map<string, TEntry>());

function parseGeojson(text: string): unknown {
  try {
    return parseJsonText(text);
  } catch {
    throw ApiError.detail(502, 'The data source did not answer with JSON.');
  }
}

async function loadData(source: { id: number; filePath: string | null; url: string | null }): Promise<{ data: unknown; bytes: number }> {
  if (source.filePath) {
    const abs = resolveUpload(source.filePath);
    const text = abs ? await readFile(abs, 'utf8').catch(() => null) : null;
    if (text === null) throw ApiError.notFound();
    return { data: parseGeojson(text), bytes: text.length };
  }
  if (!source.url) throw ApiError.notFound();
  // The data source's stored credentials go with the request (as in its connection test); they
  // never reach the browser, which only sees the app's tiles.
  const row = await db().dataSource.findUnique({ where: { id: source.id }, select: { secrets: true } });
  const headers = { Accept: 'application/geo+json, application/json', ...authHeaders(openCredentials(row?.secrets)) };
  let res;
  try {
    res = await safeFetch(source.url, headers, { timeoutMs: URL_TIMEOUT_MS, maxBytes: config().UPLOAD_MAX_BYTES });
  } catch (err) {
    throw ApiError.detail(502, (err as { fields?: Record<string, string[]> }).fields?.url?.[0] ?? 'The data source could not be loaded.');
  }
  if (res.status < 200 || res.status >= 300) throw ApiError.detail(502, `The data source answered HTTP ${res.status}.`);
  return { data: parseGeojson(res.body.toString('utf8')), bytes: res.body.length };
}

function entryFor(key: string, ttl: number, build: () => Promise<TIndexed>): TEntry {
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < hit.ttl) {
    cache.delete(key); // re-insert: the Map's order is the LRU order
    cache.set(key, hit);
    return hit;
  }
  const entry: TEntry = { key, at: now, ttl, bytes: 0, tileBytes: 0, index: build(), tiles: new Map() };
  entry.index.then(
    (built) => {
      entry.bytes = built.bytes * INDEX_BYTES_PER_SOURCE_BYTE;
      evict(entry);
    },
    () => {
      // A failing source is retried after a short pause, not on every tile of the same map.
      if (cache.get(key) === entry) entry.ttl = FAILURE_TTL_MS;
    },
  );
  cache.set(key, entry);
  evict(entry);
  return entry;
}

/** Drops the least recently used indexes (never `keep`) while the cache is over its budget. */
function evict(keep: TEntry) {
  let total = 0;
  for (const e of cache.values()) total += e.bytes + e.tileBytes;
  for (const e of cache.values()) {
    if (cache.size <= MAX_INDEXES && total <= MAX_CACHED_BYTES) break;
    if (e === keep) continue;
    cache.delete(e.key);
    total -= e.bytes + e.tileBytes;
  }
}

/** Encodes one tile of a GeoJSON data set (an empty answer when no feature reaches it). */
export function encodeTile(index: GeoJSONVT, z: number, x: number, y: number): Uint8Array {
  const tile = index.getTile(z, x, y);
  if (!tile || !tile.features.length) return new Uint8Array(0);
  return fromGeojsonVt({ [TILE_SOURCE_LAYER]: tile }, { version: 2, extent: EXTENT });
}

/** Validates GeoJSON (as uploads are) and indexes it with the options MapLibre's GeoJSON source uses in the browser. */
export function buildIndex({ data, bytes }: { data: unknown; bytes: number }): TIndexed {
  const summary = summarizeGeojson(data);
  if (!summary.ok) throw ApiError.detail(502, summary.error);
  const index = new GeoJSONVT(data as GeoJSON.GeoJSON, { maxZoom: TILE_MAX_ZOOM, extent: EXTENT, buffer: 64, tolerance: 3, indexMaxZoom: 5, indexMaxPoints: 100_000 });
  return { index, bbox: summary.bbox, featureCount: summary.featureCount, bytes };
}

type TTileCaller = { userId: number | null; layerId: number; shareToken?: string | null };

function entryOf(ds: TLayerSourceRow): TEntry {
  if (!tiledSource(ds.type?.code, ds.filePath, ds.settings)) throw ApiError.notFound();
  const url = ds.filePath ? null : String((ds.settings as { url: string }).url).trim();
  const key = tileCacheKey(ds);
  const ttl = ds.filePath ? Infinity : URL_TTL_MS;
  return entryFor(key, ttl, async () => {
    const built = buildIndex(await loadData({ id: ds.id, filePath: ds.filePath, url }));
    if (url) rememberBounds(key, built.bbox, ttl);
    return built;
  });
}

/** The cached index of a layer's GeoJSON, after checking the caller may see the layer (one query on a hit). */
async function checkedEntry(opts: TTileCaller): Promise<TEntry> {
  const { dataSource } = await findVisibleLayer(opts);
  if (!dataSource) throw ApiError.notFound();
  return entryOf(dataSource);
}

export async function layerTileResponse(opts: TTileCaller & { z: number; x: number; y: number }): Promise<Response> {
  const { z, x, y } = opts;
  if (z > 24 || x >= 2 ** z || y >= 2 ** z) throw ApiError.notFound();
  const entry = await checkedEntry(opts);
  const { index } = await entry.index;
  const tileKey = `${z}/${x}/${y}`;
  let body = entry.tiles.get(tileKey);
  if (!body) {
    body = encodeTile(index, z, x, y);
    entry.tiles.set(tileKey, body);
    entry.tileBytes += body.length;
    for (const [k, t] of entry.tiles) {
      if (entry.tileBytes <= TILE_BYTES_PER_INDEX) break;
      entry.tiles.delete(k);
      entry.tileBytes -= t.length;
    }
    evict(entry);
  }
  // The tile URL carries the data source version (?v=), so a browser may keep it for a while.
  return new Response(body.length ? (body as Uint8Array<ArrayBuffer>) : null, {
    status: 200,
    headers: { 'Content-Type': 'application/vnd.mapbox-vector-tile', 'Cache-Control': 'private, max-age=300', 'X-Content-Type-Options': 'nosniff' },
  });
}

/**
 * Builds the index of a GeoJSON upload right after it is stored, from the document the upload
 * already parsed to validate it, so the first map that shows it does not wait for the index. Runs
 * after the current request's response (setImmediate); a failure just leaves the cache cold.
 */
export function warmUploadedTiles(filePath: string, data: unknown, bytes: number): void {
  const entry = entryFor(uploadCacheKey(filePath), Infinity, async () => {
    await new Promise((r) => setImmediate(r));
    return buildIndex({ data, bytes });
  });
  entry.index.catch(() => {});
}

/** For tests: whether an upload's index is cached. */
export function hasTileIndex(filePath: string): boolean {
  return cache.has(uploadCacheKey(filePath));
}

/** For tests: forget every cached index. */
export function clearTileCache() {
  cache.clear();
}
