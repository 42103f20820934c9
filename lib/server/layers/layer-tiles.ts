import 'server-only';
import { readFile } from 'node:fs/promises';
import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { TILE_MAX_ZOOM, TILE_SOURCE_LAYER, tiledSource } from '@/lib/map-tiles';
import { config } from '../config';
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

type TEntry = { key: string; at: number; ttl: number; index: Promise<GeoJSONVT>; tiles: Map<string, Uint8Array> };
const cache = new Map<string, TEntry>();

function parseGeojson(text: string): GeoJSON.GeoJSON {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw ApiError.detail(502, 'The data source did not answer with JSON.');
  }
  const type = (value as { type?: unknown } | null)?.type;
  if (typeof type !== 'string') throw ApiError.detail(502, 'The data source did not answer with GeoJSON.');
  return value as GeoJSON.GeoJSON;
}

async function loadData(source: { filePath: string | null; url: string | null }): Promise<GeoJSON.GeoJSON> {
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

function entryFor(key: string, ttl: number, build: () => Promise<GeoJSONVT>): TEntry {
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

export function buildIndex(data: GeoJSON.GeoJSON): GeoJSONVT {
  // The same options MapLibre's GeoJSON source uses in the browser (tolerance 0.375 px × 8 units).
  return new GeoJSONVT(data, { maxZoom: TILE_MAX_ZOOM, extent: EXTENT, buffer: 64, tolerance: 3, indexMaxZoom: 5, indexMaxPoints: 100_000 });
}

export async function layerTileResponse(opts: { userId: number | null; layerId: number; shareToken?: string | null; z: number; x: number; y: number }): Promise<Response> {
  const { z, x, y } = opts;
  if (z > 24 || x >= 2 ** z || y >= 2 ** z) throw ApiError.notFound();
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
  const index = await entry.index;
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
}
