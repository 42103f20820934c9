import type { TDataSourceCode } from '@/lib/schemas/datasource-settings';

/**
 * The form fields each data source type shows, in the vocabulary of the
 * services' users (WMS layers/styles/version, WMTS TileMatrixSet, XYZ scheme…).
 */
export type TField = {
  key: string;
  label: string;
  kind: 'text' | 'select' | 'checkbox' | 'number';
  options?: { value: string; label: string }[];
  placeholder?: string;
  required?: boolean;
  initial?: string | boolean;
};

const url = (placeholder: string): TField => ({ key: 'url', label: 'URL', kind: 'text', placeholder, required: true });
const attribution: TField = { key: 'attribution', label: 'Attribution', kind: 'text', placeholder: '© provider' };
const opts = (...values: string[]) => values.map((v) => ({ value: v, label: v }));

export const FIELDS: Record<TDataSourceCode, TField[]> = {
  wms: [
    url('https://example.com/geoserver/wms'),
    { key: 'layers', label: 'Layers (comma-separated names)', kind: 'text', placeholder: 'roads,rivers', required: true },
    { key: 'format', label: 'Image format', kind: 'select', options: opts('image/png', 'image/jpeg'), initial: 'image/png' },
    { key: 'transparent', label: 'Transparent', kind: 'checkbox', initial: true },
    { key: 'version', label: 'WMS version', kind: 'select', options: opts('1.3.0', '1.1.1'), initial: '1.3.0' },
    { key: 'styles', label: 'Styles', kind: 'text' },
    attribution,
  ],
  wmts: [
    url('https://example.com/wmts/{TileMatrix}/{TileCol}/{TileRow}.png or a GetCapabilities URL'),
    { key: 'layer', label: 'Layer', kind: 'text', required: true },
    { key: 'tileMatrixSet', label: 'Tile matrix set', kind: 'text', placeholder: 'EPSG:3857' },
    { key: 'format', label: 'Format', kind: 'text', placeholder: 'image/png' },
    attribution,
  ],
  xyz: [
    url('https://tile.example.com/{z}/{x}/{y}.png'),
    { key: 'scheme', label: 'Scheme', kind: 'select', options: [{ value: 'xyz', label: 'XYZ' }, { value: 'tms', label: 'TMS' }], initial: 'xyz' },
    { key: 'tileSize', label: 'Tile size', kind: 'select', options: opts('256', '512'), initial: '256' },
    { key: 'minzoom', label: 'Min zoom', kind: 'number' },
    { key: 'maxzoom', label: 'Max zoom', kind: 'number' },
    attribution,
  ],
  vectortiles: [
    url('https://tiles.example.com/{z}/{x}/{y}.pbf or https://example.com/data.pmtiles'),
    { key: 'sourceLayer', label: 'Source layer', kind: 'text' },
    attribution,
  ],
  geojson: [url('https://example.com/data.geojson')],
  wfs: [
    url('https://example.com/geoserver/wfs'),
    { key: 'typeName', label: 'Feature type (typeName)', kind: 'text', placeholder: 'workspace:layer', required: true },
    { key: 'version', label: 'WFS version', kind: 'select', options: opts('2.0.0', '1.1.0', '1.0.0'), initial: '2.0.0' },
    { key: 'outputFormat', label: 'Output format', kind: 'text', placeholder: 'application/json' },
  ],
  arcgis: [
    url('https://example.com/arcgis/rest/services/Name/MapServer'),
    { key: 'kind', label: 'Service kind', kind: 'select', options: opts('MapServer', 'FeatureServer'), initial: 'MapServer' },
    { key: 'layers', label: 'Layers (ids)', kind: 'text', placeholder: '0,1' },
  ],
  '3dtiles': [url('https://example.com/tileset.json')],
};

/** Form values → settings object: numbers and booleans typed, empty optional fields left out. */
export function toSettings(fields: TField[], values: Record<string, string | boolean>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.key];
    if (f.kind === 'checkbox') out[f.key] = !!v;
    else if (v === undefined || v === '') continue;
    else if (f.kind === 'number' || f.key === 'tileSize') out[f.key] = Number(v);
    else out[f.key] = v;
  }
  return out;
}

/** Settings object → form values (with each field's default). */
export function fromSettings(fields: TField[], settings: Record<string, unknown>): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (const f of fields) {
    const v = settings[f.key];
    if (f.kind === 'checkbox') out[f.key] = v === undefined ? (f.initial ?? false) : !!v;
    else out[f.key] = v === undefined || v === null ? String(f.initial ?? '') : String(v);
  }
  return out;
}
