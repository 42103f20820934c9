import { z } from 'zod';
import { bool, int, str } from '@/lib/server/http/drf';

/**
 * Settings of each data source type (codes of lib/server/seed/data.ts), shared
 * by the create/edit forms and the routes. Errors read like DRF's field errors
 * and are answered nested under "settings". Credentials are a separate object,
 * stored encrypted and never sent back.
 */
const URL_MSG = 'Enter a valid URL.';

function isHttpUrl(v: string) {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** An absolute http(s) URL. */
export const zUrl = () => str({ max: 2000 }).refine(isHttpUrl, URL_MSG);
/** An absolute http(s) URL or a path on this site (e.g. /samples/x.geojson). */
export const zUrlOrPath = () => str({ max: 2000 }).refine((v) => isHttpUrl(v) || /^\/[^/\\]/.test(v), URL_MSG);

const optStr = (max = 500) => str({ max, blank: true }).optional();
const attribution = () => str({ max: 500, blank: true }).optional();

const has = (v: string, parts: string[]) => parts.every((p) => v.includes(p));

/** DRF ChoiceField: `"{input}" is not a valid choice.` */
function choice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (iss) => (iss.input === undefined ? 'This field is required.' : iss.input === null ? 'This field may not be null.' : `"${String(iss.input)}" is not a valid choice.`),
  });
}

export const ZWmsSettings = z.object({
  url: zUrl(),
  layers: str({ max: 2000 }).refine((v) => v.split(',').every((n) => n.trim().length > 0), 'Enter comma-separated layer names.'),
  format: choice(['image/png', 'image/jpeg']).default('image/png'),
  transparent: bool().default(true),
  version: choice(['1.3.0', '1.1.1']).default('1.3.0'),
  styles: optStr(),
  attribution: attribution(),
});

export const ZWmtsSettings = z.object({
  url: zUrl().refine(
    (v) => has(v, ['{z}', '{x}', '{y}']) || has(v, ['{TileMatrix}', '{TileCol}', '{TileRow}']) || !v.includes('{'),
    'Use a tile URL template with {z}/{x}/{y} or {TileMatrix}/{TileCol}/{TileRow}, or a capabilities URL.',
  ),
  layer: str({ max: 255 }),
  tileMatrixSet: optStr(255),
  format: optStr(64),
  attribution: attribution(),
});

export const ZXyzSettings = z
  .object({
    url: zUrl().refine((v) => has(v, ['{z}', '{x}']) && (v.includes('{y}') || v.includes('{-y}')), 'The URL must contain {z}, {x} and {y}.'),
    scheme: choice(['xyz', 'tms']).default('xyz'),
    tileSize: z.union([z.literal(256), z.literal(512), z.enum(['256', '512']).transform(Number)], { error: (iss) => `"${String(iss.input)}" is not a valid choice.` }).default(256),
    minzoom: int({ min: 0, max: 24 }).optional(),
    maxzoom: int({ min: 0, max: 24 }).optional(),
    attribution: attribution(),
  })
  .refine((s) => s.minzoom === undefined || s.maxzoom === undefined || s.minzoom <= s.maxzoom, { message: 'Must be at least minzoom.', path: ['maxzoom'] });

export const ZVectorTilesSettings = z.object({
  url: zUrlOrPath().refine((v) => has(v, ['{z}', '{x}', '{y}']) || /\.pmtiles(\?|$)/i.test(v), 'Use an MVT URL template with {z}/{x}/{y} or a .pmtiles URL.'),
  sourceLayer: optStr(255),
  attribution: attribution(),
});

export const ZGeojsonSettings = z.object({
  url: zUrlOrPath().optional(),
});

export const ZWfsSettings = z.object({
  url: zUrl(),
  typeName: str({ max: 255 }),
  version: choice(['2.0.0', '1.1.0', '1.0.0']).default('2.0.0'),
  outputFormat: optStr(100),
});

export const ZArcgisSettings = z.object({
  url: zUrl().refine((v) => /\/(MapServer|FeatureServer)(\/\d+)?\/?$/i.test(new URL(v).pathname), 'The URL must end in /MapServer or /FeatureServer.'),
  kind: choice(['MapServer', 'FeatureServer']),
  layers: optStr(500),
});

export const Z3dTilesSettings = z.object({
  url: zUrl(),
});

export const SETTINGS_SCHEMAS = {
  wms: ZWmsSettings,
  wmts: ZWmtsSettings,
  xyz: ZXyzSettings,
  vectortiles: ZVectorTilesSettings,
  geojson: ZGeojsonSettings,
  wfs: ZWfsSettings,
  arcgis: ZArcgisSettings,
  '3dtiles': Z3dTilesSettings,
} as const;

export type TDataSourceCode = keyof typeof SETTINGS_SCHEMAS;
export const DATASOURCE_CODES = Object.keys(SETTINGS_SCHEMAS) as TDataSourceCode[];

export function isDataSourceCode(code: string | null | undefined): code is TDataSourceCode {
  return !!code && Object.hasOwn(SETTINGS_SCHEMAS, code);
}

/** Username/password (HTTP basic) or an API key/token; all optional, none ever sent back. */
export const ZCredentials = z
  .object({
    username: str({ max: 255, blank: true }).optional(),
    password: str({ max: 1000, blank: true, trim: false }).optional(),
    apiKey: str({ max: 2000, blank: true }).optional(),
  })
  .strict();
export type TCredentials = z.output<typeof ZCredentials>;

const zTypeRef = () =>
  z.union([z.number(), z.string().regex(/^\d+$/).transform(Number), z.string()], {
    error: (iss) => (iss.input === undefined ? 'This field is required.' : 'Incorrect type. Expected pk value.'),
  });
const zSettingsObject = () => z.record(z.string(), z.unknown(), { error: 'Expected a dictionary of items.' });

/** The create body of a data source (routes and forms); `type` is a type id (or its code). */
export const ZDataSourceBody = z.object({
  name: str({ max: 255 }),
  type: zTypeRef(),
  account: z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]).optional(),
  settings: zSettingsObject().default({}),
  credentials: ZCredentials.nullable().optional(),
});

/** The PATCH body: every field optional; `credentials: null` (or {}) clears them. */
export const ZDataSourcePatch = z.object({
  name: str({ max: 255 }).optional(),
  type: zTypeRef().optional(),
  settings: zSettingsObject().optional(),
  credentials: ZCredentials.nullable().optional(),
});
