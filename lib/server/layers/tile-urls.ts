import 'server-only';

/**
 * Tile URL templates of GeoJSON layers (layer-tiles.ts), handed out with the layer list. `v` is the
 * data source version, so a tile URL changes with the data and a browser may keep a tile for a
 * while; every tile request is checked like `GET /api/layers/{id}/data` (session, API token or
 * share token), so a logout, a revoked link or a removed group membership ends access at once.
 */
export function tilesUrl(layerId: number, version: string, shareToken: string | null | undefined): string {
  const token = shareToken ? `&token=${encodeURIComponent(shareToken)}` : '';
  return `/api/layers/${layerId}/tiles/{z}/{x}/{y}?v=${version}${token}`;
}

/** The tile cache key of an uploaded file (its name is new for every upload, so it is the version). */
export const uploadCacheKey = (filePath: string) => `file:${filePath}`;

/** The tile cache key of a data source version (layer-tiles.ts): an upload's file, or URL + version. */
export function tileCacheKey(ds: { id: number; filePath: string | null; settings: unknown; updatedAt: Date }): string {
  if (ds.filePath) return uploadCacheKey(ds.filePath);
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
