import 'server-only';
import { createHmac, hkdfSync } from 'node:crypto';
import { config } from '../config';
import { safeEqual } from '../crypto';

/**
 * Signed tile URLs of GeoJSON layers (layer-tiles.ts). The layer list (listVisibleLayers — itself
 * the visibility check) hands out a tile URL template carrying an HMAC over layer id, data source
 * version and an expiry. A tile request with a valid signature is served without the
 * layer-visibility queries: a map asks for dozens of tiles at once and each check costs several
 * SQL statements. Without a valid one (expired, tampered) the tile request gets the full check
 * (session or share token). So losing access to a layer reaches its tiles within SIGNED_FOR_S at
 * most — about the time a browser may keep a tile anyway (Cache-Control max-age=300).
 * Expiries are 5-minute steps, so a tile URL stays the same (cacheable) for a while.
 */
export const SIGNED_FOR_S = 300;
const STEP_S = 300;

let keyCache: { secret: string; key: Buffer } | null = null;
function key(): Buffer {
  const secret = config().AUTH_SECRET;
  if (keyCache?.secret !== secret) keyCache = { secret, key: Buffer.from(hkdfSync('sha256', secret, 'mapspace', 'tile-urls', 32)) };
  return keyCache.key;
}

function signature(layerId: number, version: string, exp: number): string {
  return createHmac('sha256', key()).update(`${layerId}.${version}.${exp}`).digest('base64url').slice(0, 32);
}

/** `/api/layers/{id}/tiles/{z}/{x}/{y}?v=&exp=&sig=(&token=)`: the share token stays for the fallback check. */
export function signedTilesUrl(layerId: number, version: string, shareToken: string | null | undefined, now = Date.now()): string {
  const exp = Math.ceil((now / 1000 + SIGNED_FOR_S) / STEP_S) * STEP_S;
  const token = shareToken ? `&token=${encodeURIComponent(shareToken)}` : '';
  return `/api/layers/${layerId}/tiles/{z}/{x}/{y}?v=${version}&exp=${exp}&sig=${signature(layerId, version, exp)}${token}`;
}

export function verifyTileSignature(layerId: number, q: { v?: string; exp?: string; sig?: string }, now = Date.now()): boolean {
  if (!q.v || !q.exp || !q.sig || !/^\d{1,12}$/.test(q.exp)) return false;
  const exp = Number(q.exp);
  if (exp * 1000 <= now || exp * 1000 > now + (SIGNED_FOR_S + STEP_S) * 1000) return false;
  return safeEqual(q.sig, signature(layerId, q.v, exp));
}

/** The tile cache key of a data source version (layer-tiles.ts): an upload's file, or URL + version. */
export function tileCacheKey(ds: { id: number; filePath: string | null; settings: unknown; updatedAt: Date }): string {
  if (ds.filePath) return `file:${ds.filePath}`;
  return `url:${ds.id}:${ds.updatedAt.getTime()}:${String((ds.settings as { url?: unknown } | null)?.url ?? '').trim()}`;
}

/**
 * Bounds of URL GeoJSON this process has tiled recently (an upload's bbox is stored with it). The
 * layer list passes them on, so the map asks only for the tiles that hold features (one or two for
 * a small layer instead of every tile in view); expired with the cached data.
 */
// On globalThis: the pages and the tile route are separate server bundles, each with its own copy of this module.
const g = globalThis as { __mapspaceTileBounds?: Map<string, { bbox: number[]; until: number }> };
const knownBounds = (g.__mapspaceTileBounds ??= new Map());

export function rememberBounds(key: string, bbox: number[] | null, ttlMs: number) {
  const now = Date.now();
  if (knownBounds.size > 5000) for (const [k, v] of knownBounds) if (v.until <= now) knownBounds.delete(k);
  if (bbox && knownBounds.size <= 5000) knownBounds.set(key, { bbox, until: now + ttlMs });
}

export function boundsFor(key: string): number[] | null {
  const hit = knownBounds.get(key);
  return hit && hit.until > Date.now() ? hit.bbox : null;
}
