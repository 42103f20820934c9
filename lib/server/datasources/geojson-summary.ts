import 'server-only';

/**
 * Checks a parsed value is GeoJSON (FeatureCollection, Feature or a bare
 * geometry) and returns its feature count and bounding box
 * [minX, minY, maxX, maxY] (null when it has no coordinates). Returns an
 * error text instead when it is not GeoJSON.
 */
const GEOMETRIES = new Set(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon', 'GeometryCollection']);

export type TGeojsonSummary = { ok: true; featureCount: number; bbox: number[] | null } | { ok: false; error: string };

type TBox = [number, number, number, number];

function walkCoords(c: unknown, box: TBox): boolean {
  if (!Array.isArray(c)) return false;
  if (c.length >= 2 && typeof c[0] === 'number' && typeof c[1] === 'number') {
    if (!Number.isFinite(c[0]) || !Number.isFinite(c[1])) return false;
    box[0] = Math.min(box[0], c[0]);
    box[1] = Math.min(box[1], c[1]);
    box[2] = Math.max(box[2], c[0]);
    box[3] = Math.max(box[3], c[1]);
    return true;
  }
  return c.every((x) => walkCoords(x, box));
}

function isGeometry(g: unknown, box: TBox): boolean {
  if (g === null) return true; // a feature may have a null geometry
  if (typeof g !== 'object' || Array.isArray(g)) return false;
  const o = g as { type?: unknown; coordinates?: unknown; geometries?: unknown };
  if (typeof o.type !== 'string' || !GEOMETRIES.has(o.type)) return false;
  if (o.type === 'GeometryCollection') return Array.isArray(o.geometries) && o.geometries.every((x) => x !== null && isGeometry(x, box));
  return walkCoords(o.coordinates, box);
}

function isFeature(f: unknown, box: TBox): boolean {
  if (typeof f !== 'object' || f === null || Array.isArray(f)) return false;
  const o = f as { type?: unknown; geometry?: unknown };
  return o.type === 'Feature' && 'geometry' in o && isGeometry(o.geometry, box);
}

export function summarizeGeojson(value: unknown): TGeojsonSummary {
  const box: TBox = [Infinity, Infinity, -Infinity, -Infinity];
  const bad: TGeojsonSummary = { ok: false, error: 'The file is not valid GeoJSON (expected a FeatureCollection, a Feature or a geometry).' };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return bad;
  const type = (value as { type?: unknown }).type;
  let count: number;
  if (type === 'FeatureCollection') {
    const features = (value as { features?: unknown }).features;
    if (!Array.isArray(features) || !features.every((f) => isFeature(f, box))) return bad;
    if (features.length === 0) return { ok: false, error: 'The GeoJSON file has no features.' };
    count = features.length;
  } else if (type === 'Feature') {
    if (!isFeature(value, box)) return bad;
    count = 1;
  } else if (isGeometry(value, box) && value !== null) {
    count = 1;
  } else return bad;
  const bbox = box[0] === Infinity ? null : [...box];
  return { ok: true, featureCount: count, bbox };
}
