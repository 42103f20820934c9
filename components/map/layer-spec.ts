import { TILE_MAX_ZOOM, TILE_SOURCE_LAYER } from '@/lib/map-tiles';
import type { TLayerWire } from '@/lib/wire-types';
import { pmtilesSourceUrl } from './pmtiles';

/**
 * Pure translation of a workspace layer (its data source type and settings,
 * its template JSON) into MapLibre source and style-layer specifications.
 * No MapLibre import here: unit-testable and shared by the main and split maps.
 */
export type TTemplate = {
  paint?: Record<string, unknown>;
  layout?: Record<string, unknown>;
  color?: string;
  fill?: string;
  opacity?: number;
  legend?: string | { label: string; color: string }[];
};

export type TStyleLayer = { id: string; type: 'raster' | 'fill' | 'line' | 'circle'; source: string; 'source-layer'?: string; filter?: unknown[]; paint: Record<string, unknown>; layout: Record<string, unknown> };

export type TLayerSpec =
  | { kind: 'unsupported'; reason: string }
  | { kind: 'raster'; sourceId: string; source: Record<string, unknown>; layers: TStyleLayer[] }
  | { kind: 'vector'; sourceId: string; source: Record<string, unknown>; layers: TStyleLayer[]; queryable: true };

export const NOT_SUPPORTED = 'not supported in this view';
const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2'];

export function parseTemplate(text: string | null | undefined): TTemplate {
  if (!text) return {};
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as TTemplate) : {};
  } catch {
    return {};
  }
}

/** Validates template JSON for the edit form: null when valid, else the message. */
export function templateError(text: string): string | null {
  if (!text.trim()) return null;
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? null : 'The template must be a JSON object, e.g. {"color": "#ff0000"}';
  } catch (e) {
    return `Invalid JSON: ${(e as Error).message}`;
  }
}

export function sourceIdOf(layerId: number) {
  return `ws-src-${layerId}`;
}
export function styleIdsOf(layerId: number) {
  return { raster: `ws-${layerId}-raster`, fill: `ws-${layerId}-fill`, line: `ws-${layerId}-line`, circle: `ws-${layerId}-circle` };
}
/** The workspace layer id a MapLibre style-layer id belongs to, or null for helper layers. */
export function layerIdOfStyleId(styleId: string): number | null {
  const m = /^ws-(\d+)-/.exec(styleId);
  return m ? Number(m[1]) : null;
}

export function colorOf(layer: Pick<TLayerWire, 'id' | 'template'>): string {
  const t = parseTemplate(layer.template);
  return t.color ?? t.fill ?? PALETTE[layer.id % PALETTE.length];
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

/** Appends query parameters to a URL that may already carry some. */
export function withQuery(url: string, params: Record<string, string | undefined>): string {
  const parts = Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${k === 'BBOX' || k === 'bbox' ? v : encodeURIComponent(v as string)}`);
  if (!parts.length) return url;
  return `${url}${url.includes('?') ? (url.endsWith('?') || url.endsWith('&') ? '' : '&') : '?'}${parts.join('&')}`;
}

/** The absolute URL of the app-served data (uploads) or the configured URL. */
function absolute(url: string): string {
  if (typeof window === 'undefined' || /^[a-z]+:/i.test(url)) return url;
  // Concatenated, not new URL(): that would percent-encode the {z}/{x}/{y} of a tile template.
  if (url.startsWith('/') && !url.startsWith('//')) return `${window.location.origin}${url}`;
  return new URL(url, window.location.origin).toString();
}

export function wmsGetMapUrl(settings: Record<string, unknown>): string {
  const version = str(settings.version) ?? '1.3.0';
  return withQuery(String(settings.url), {
    SERVICE: 'WMS',
    REQUEST: 'GetMap',
    VERSION: version,
    LAYERS: str(settings.layers) ?? '',
    STYLES: str(settings.styles) ?? '',
    FORMAT: str(settings.format) ?? 'image/png',
    TRANSPARENT: settings.transparent === false ? 'FALSE' : 'TRUE',
    [version === '1.3.0' ? 'CRS' : 'SRS']: 'EPSG:3857',
    WIDTH: '256',
    HEIGHT: '256',
    BBOX: '{bbox-epsg-3857}',
  });
}

export function wmsLegendUrl(settings: Record<string, unknown>): string | null {
  const layer = str(settings.layers)?.split(',')[0];
  if (!str(settings.url) || !layer) return null;
  const version = str(settings.version) ?? '1.3.0';
  return withQuery(String(settings.url), {
    SERVICE: 'WMS',
    REQUEST: 'GetLegendGraphic',
    VERSION: version,
    FORMAT: 'image/png',
    LAYER: layer,
    ...(version === '1.3.0' ? { SLD_VERSION: '1.1.0' } : {}),
  });
}

/** GetFeatureInfo for a click at pixel (x, y) of a map of size w×h showing bbox (EPSG:3857). */
export function wmsFeatureInfoUrl(settings: Record<string, unknown>, bbox3857: [number, number, number, number], size: [number, number], px: [number, number], infoFormat: string): string {
  const version = str(settings.version) ?? '1.3.0';
  const layers = str(settings.layers) ?? '';
  const v13 = version === '1.3.0';
  return withQuery(String(settings.url), {
    SERVICE: 'WMS',
    REQUEST: 'GetFeatureInfo',
    VERSION: version,
    LAYERS: layers,
    QUERY_LAYERS: layers,
    STYLES: str(settings.styles) ?? '',
    [v13 ? 'CRS' : 'SRS']: 'EPSG:3857',
    BBOX: bbox3857.map((n) => n.toFixed(3)).join(','),
    WIDTH: String(Math.round(size[0])),
    HEIGHT: String(Math.round(size[1])),
    [v13 ? 'I' : 'X']: String(Math.round(px[0])),
    [v13 ? 'J' : 'Y']: String(Math.round(px[1])),
    INFO_FORMAT: infoFormat,
    FEATURE_COUNT: '10',
  });
}

function wmtsTemplate(settings: Record<string, unknown>): string {
  return String(settings.url)
    .replace(/\{TileMatrix\}/gi, '{z}')
    .replace(/\{TileCol\}/gi, '{x}')
    .replace(/\{TileRow\}/gi, '{y}')
    .replace(/\{TileMatrixSet\}/gi, str(settings.tileMatrixSet) ?? 'EPSG:3857')
    .replace(/\{Style\}/gi, str(settings.style) ?? 'default')
    .replace(/\{Layer\}/gi, str(settings.layer) ?? '');
}

function arcgisLayerPath(url: string, settings: Record<string, unknown>): string {
  const base = url.replace(/\/+$/, '');
  if (/\/\d+$/.test(base)) return base;
  const first = str(String(settings.layers ?? ''))?.split(',')[0] ?? '0';
  return `${base}/${first}`;
}

/** The GeoJSON URL of a feature layer (GeoJSON, WFS, ArcGIS FeatureServer), or null. */
export function featureUrlOf(layer: TLayerWire, arcgisToken?: string | null): string | null {
  const src = layer.source;
  if (!src) return null;
  const s = src.settings ?? {};
  switch (src.type_code) {
    case 'geojson':
      return src.data_url ? absolute(src.data_url) : str(s.url) ? absolute(String(s.url)) : null;
    case 'wfs': {
      if (!str(s.url)) return null;
      const version = str(s.version) ?? '2.0.0';
      return withQuery(String(s.url), {
        SERVICE: 'WFS',
        REQUEST: 'GetFeature',
        VERSION: version,
        [version.startsWith('2') ? 'TYPENAMES' : 'TYPENAME']: str(s.typeName) ?? '',
        OUTPUTFORMAT: str(s.outputFormat) ?? 'application/json',
        SRSNAME: 'EPSG:4326',
      });
    }
    case 'arcgis':
      if (s.kind !== 'FeatureServer' || !str(s.url)) return null;
      return withQuery(`${arcgisLayerPath(String(s.url), s)}/query`, { where: '1=1', outFields: '*', outSR: '4326', f: 'geojson', token: arcgisToken ?? undefined });
    default:
      return src.data_url ? absolute(src.data_url) : null;
  }
}

function rasterSpec(layer: TLayerWire, tiles: string[], extra: Record<string, unknown> = {}): TLayerSpec {
  const sourceId = sourceIdOf(layer.id);
  const t = parseTemplate(layer.template);
  const ids = styleIdsOf(layer.id);
  return {
    kind: 'raster',
    sourceId,
    source: { type: 'raster', tiles, tileSize: 256, ...extra },
    // No fade-in: a workspace with many tile layers reaches `idle` (fully drawn) sooner.
    layers: [{ id: ids.raster, type: 'raster', source: sourceId, paint: { 'raster-fade-duration': 0, ...pick(t.paint, 'raster-') }, layout: { ...pick(t.layout, '') } }],
  };
}

function pick(obj: Record<string, unknown> | undefined, prefix: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj ?? {})) if (k.startsWith(prefix)) out[k] = v;
  return out;
}

/** Default fill/line/circle layers by geometry type, overridden by the template's paint/layout. */
export function vectorLayers(layer: TLayerWire, sourceId: string, sourceLayer?: string): TStyleLayer[] {
  const t = parseTemplate(layer.template);
  const color = colorOf(layer);
  const ids = styleIdsOf(layer.id);
  const sl = sourceLayer ? { 'source-layer': sourceLayer } : {};
  const poly = ['match', ['geometry-type'], ['Polygon', 'MultiPolygon'], true, false];
  const line = ['match', ['geometry-type'], ['LineString', 'MultiLineString'], true, false];
  const point = ['match', ['geometry-type'], ['Point', 'MultiPoint'], true, false];
  const fillOpacity = typeof t.opacity === 'number' ? t.opacity : 0.35;
  const visibility = (extra: Record<string, unknown>) => ({ ...extra });
  return [
    { id: ids.fill, type: 'fill', source: sourceId, ...sl, filter: poly, paint: { 'fill-color': t.fill ?? color, 'fill-opacity': fillOpacity, ...pick(t.paint, 'fill-') }, layout: visibility(pick(t.layout, 'fill-')) },
    {
      id: ids.line,
      type: 'line',
      source: sourceId,
      ...sl,
      filter: ['any', poly, line],
      paint: { 'line-color': color, 'line-width': 2, ...pick(t.paint, 'line-') },
      layout: visibility({ 'line-join': 'round', ...pick(t.layout, 'line-') }),
    },
    {
      id: ids.circle,
      type: 'circle',
      source: sourceId,
      ...sl,
      filter: point,
      // Points grow with the zoom: dots at country scale (less overplotting, and a dense layer draws
      // far fewer pixels), markers with a white ring from the city scale on. A template may override.
      paint: {
        'circle-color': color,
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 4, 1.5, 9, 3, 12, 5],
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': ['interpolate', ['linear'], ['zoom'], 8, 0, 11, 1.5],
        ...pick(t.paint, 'circle-'),
      },
      layout: visibility(pick(t.layout, 'circle-')),
    },
  ];
}

/**
 * The MapLibre spec of one (non-group) layer, or why it cannot be shown here.
 * `arcgisToken` is the user's own ArcGIS token after "ArcGIS sign-in".
 */
export function layerSpecOf(layer: TLayerWire, arcgisToken?: string | null, opts: { vectorLayerIds?: string[] } = {}): TLayerSpec {
  const src = layer.source;
  if (!src) return { kind: 'unsupported', reason: 'No data source' };
  const s = src.settings ?? {};
  const url = str(s.url);
  const sourceId = sourceIdOf(layer.id);
  switch (src.type_code) {
    case 'wms':
      if (!url) return { kind: 'unsupported', reason: 'The data source has no URL' };
      return rasterSpec(layer, [wmsGetMapUrl(s)]);
    case 'wmts':
      if (!url) return { kind: 'unsupported', reason: 'The data source has no URL' };
      if (!/\{z\}|\{TileMatrix\}/i.test(url)) return { kind: 'unsupported', reason: `WMTS without a tile URL template is ${NOT_SUPPORTED}` };
      return rasterSpec(layer, [wmtsTemplate(s)], attributionOf(s));
    case 'xyz': {
      if (!url) return { kind: 'unsupported', reason: 'The data source has no URL' };
      const extra: Record<string, unknown> = { ...attributionOf(s), scheme: s.scheme === 'tms' ? 'tms' : 'xyz' };
      if (typeof s.tileSize === 'number') extra.tileSize = s.tileSize;
      if (typeof s.minzoom === 'number') extra.minzoom = s.minzoom;
      if (typeof s.maxzoom === 'number') extra.maxzoom = s.maxzoom;
      if (isPmtiles(url)) {
        const spec = rasterSpec(layer, [], { url: pmtilesSourceUrl(absolute(url)) });
        if (spec.kind === 'raster') delete spec.source.tiles;
        return spec;
      }
      return rasterSpec(layer, [url], extra);
    }
    case 'vectortiles': {
      if (!url) return { kind: 'unsupported', reason: 'The data source has no URL' };
      const sourceLayer = str(s.sourceLayer);
      const template = /\{z\}/.test(url) && !isPmtiles(url);
      // A TileJSON or PMTiles source names its layers itself (vector_layers); a bare template cannot.
      if (!sourceLayer && template) return { kind: 'unsupported', reason: 'Set sourceLayer in the data source settings' };
      const source: Record<string, unknown> = isPmtiles(url) ? { type: 'vector', url: pmtilesSourceUrl(absolute(url)) } : template ? { type: 'vector', tiles: [url] } : { type: 'vector', url };
      if (typeof s.minzoom === 'number') source.minzoom = s.minzoom;
      if (typeof s.maxzoom === 'number') source.maxzoom = s.maxzoom;
      const names = sourceLayer ? [sourceLayer] : (opts.vectorLayerIds ?? []);
      const layers = names.flatMap((name, k) => vectorLayers(layer, sourceId, name).map((l) => (k ? { ...l, id: `${l.id}-${k}` } : l)));
      return { kind: 'vector', sourceId, source, layers, queryable: true };
    }
    case 'arcgis': {
      if (!url) return { kind: 'unsupported', reason: 'The data source has no URL' };
      if (s.kind === 'FeatureServer') {
        const data = featureUrlOf(layer, arcgisToken);
        return { kind: 'vector', sourceId, source: { type: 'geojson', data }, layers: vectorLayers(layer, sourceId), queryable: true };
      }
      const exportUrl = withQuery(`${url.replace(/\/+$/, '')}/export`, {
        bbox: '{bbox-epsg-3857}',
        bboxSR: '3857',
        imageSR: '3857',
        size: '256,256',
        format: 'png32',
        transparent: 'true',
        f: 'image',
        layers: str(String(s.layers ?? '')) ? `show:${String(s.layers)}` : undefined,
        token: arcgisToken ?? undefined,
      });
      return rasterSpec(layer, [exportUrl]);
    }
    case 'geojson':
    case 'wfs': {
      if (src.tiles_url) return tiledGeojsonSpec(layer, src.tiles_url, src.bbox, s);
      const data = featureUrlOf(layer);
      if (!data) return { kind: 'unsupported', reason: 'The data source has no URL or file' };
      return { kind: 'vector', sourceId, source: { type: 'geojson', data, attribution: str(s.attribution) }, layers: vectorLayers(layer, sourceId), queryable: true };
    }
    case '3dtiles':
      return { kind: 'unsupported', reason: `3D Tiles are ${NOT_SUPPORTED}` };
    default:
      if (src.tiles_url) return tiledGeojsonSpec(layer, src.tiles_url, src.bbox, s);
      if (src.data_url) {
        const data = absolute(src.data_url);
        return { kind: 'vector', sourceId, source: { type: 'geojson', data }, layers: vectorLayers(layer, sourceId), queryable: true };
      }
      return { kind: 'unsupported', reason: `This data source type is ${NOT_SUPPORTED}` };
  }
}

/**
 * GeoJSON the app serves as vector tiles (uploads and URL sources, see lib/map-tiles.ts): the
 * browser loads the few tiles it draws instead of the whole file, and MapLibre's worker skips
 * parsing, indexing and re-encoding it. Detail to TILE_MAX_ZOOM, overzoomed beyond; `bounds`
 * (known for uploads) spares requests for empty tiles.
 */
function tiledGeojsonSpec(layer: TLayerWire, tilesUrl: string, bbox: number[] | null, s: Record<string, unknown>): TLayerSpec {
  const sourceId = sourceIdOf(layer.id);
  const source: Record<string, unknown> = { type: 'vector', tiles: [absolute(tilesUrl)], minzoom: 0, maxzoom: TILE_MAX_ZOOM, ...attributionOf(s) };
  if (bbox?.length === 4 && bbox.every(Number.isFinite)) {
    // Widened a little (a single point has an empty box) and kept inside the web-mercator world.
    const pad = 1e-6;
    source.bounds = [Math.max(-180, bbox[0] - pad), Math.max(-85.051129, bbox[1] - pad), Math.min(180, bbox[2] + pad), Math.min(85.051129, bbox[3] + pad)];
  }
  return { kind: 'vector', sourceId, source, layers: vectorLayers(layer, sourceId, TILE_SOURCE_LAYER), queryable: true };
}

function isPmtiles(url: string) {
  return /\.pmtiles(\?|#|$)/i.test(url);
}

function attributionOf(s: Record<string, unknown>): Record<string, unknown> {
  return str(s.attribution) ? { attribution: str(s.attribution) } : {};
}

/** Leaf layers in draw order, bottom first: base layers, then the rest by position (groups depth-first). */
export function drawOrder(tree: TLayerWire[]): TLayerWire[] {
  const out: TLayerWire[] = [];
  const walk = (list: TLayerWire[]) => {
    for (const l of [...list].sort((a, b) => a.position - b.position || a.id - b.id)) {
      if (l.isGroup || l.layers.length) walk(l.layers);
      if (!l.isGroup) out.push(l);
    }
  };
  walk(tree);
  return [...out.filter((l) => l.baselayer), ...out.filter((l) => !l.baselayer)];
}

/** Flat list of every node (groups included). */
export function flatten(tree: TLayerWire[]): TLayerWire[] {
  return tree.flatMap((l) => [l, ...flatten(l.layers)]);
}
