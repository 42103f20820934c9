/**
 * GeoJSON data sources the app serves as vector tiles (lib/server/layers/layer-tiles.ts), shared by
 * the server (which cuts them) and the map (which draws them): one source layer, detail kept to
 * TILE_MAX_ZOOM and overzoomed beyond.
 */
export const TILE_SOURCE_LAYER = 'features';
export const TILE_MAX_ZOOM = 16;

/** GeoJSON from an upload (.geojson) or from an http(s) URL of a `geojson` data source. */
export function tiledSource(typeCode: string | null | undefined, filePath: string | null, settings: unknown): boolean {
  if (filePath) return filePath.endsWith('.geojson');
  const url = (settings as { url?: unknown } | null)?.url;
  return typeCode === 'geojson' && typeof url === 'string' && /^https?:\/\//i.test(url.trim());
}
