import 'server-only';
import type { TCredentials } from '@/lib/schemas/datasource-settings';
import { config } from '../config';
import { db } from '../db';
import { ApiError, isApiError, type TFieldErrors } from '../http/errors';
import { parseJsonText } from '../json-text';
import { authHeaders, openCredentials } from './credentials';
import { summarizeGeojson } from './geojson-summary';
import { requireDataSourceAdmin } from './require-datasource-admin';
import { safeFetch, type TFetched } from './safe-fetch';
import { resolveType, validateSettings } from './validate-settings';

/**
 * Connection test: fetches from the service (5 s timeout, SSRF guard in
 * safe-fetch.ts) and previews what it serves — WMS/WMTS/WFS capabilities →
 * layer names; XYZ/vector tiles → one tile at z=0 (content type and size);
 * GeoJSON → feature count and bbox; ArcGIS → its layers; 3D Tiles → the
 * tileset version. A failure is a 400 under "settings".
 */
export type TConnectionPreview = {
  ok: true;
  type: string;
  url: string;
  status: number;
  content_type: string;
  size: number;
  layers?: string[];
  feature_count?: number;
  bbox?: number[] | null;
  info?: Record<string, unknown>;
};

function withQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  const lower = new Set([...u.searchParams.keys()].map((k) => k.toLowerCase()));
  for (const [k, v] of Object.entries(params)) if (!lower.has(k.toLowerCase())) u.searchParams.set(k, v);
  return u.toString();
}

const decodeXml = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&').trim();

/** Names inside <Layer>/<FeatureType> blocks of a capabilities document (namespace prefixes ignored). */
export function capabilityNames(xml: string, kind: 'wms' | 'wmts' | 'wfs'): string[] {
  const names: string[] = [];
  if (kind === 'wms') {
    for (const m of xml.matchAll(/<(?:\w+:)?Layer\b[^>]*>\s*(?:<[^>]*>[^<]*<\/[^>]*>\s*)*?<(?:\w+:)?Name>([^<]+)<\/(?:\w+:)?Name>/g)) names.push(decodeXml(m[1]));
  } else if (kind === 'wmts') {
    const contents = xml.split(/<(?:\w+:)?Contents\b/)[1] ?? '';
    for (const block of contents.split(/<(?:\w+:)?Layer\b/).slice(1)) {
      const m = block.match(/<(?:\w+:)?Identifier>([^<]+)<\/(?:\w+:)?Identifier>/);
      if (m) names.push(decodeXml(m[1]));
    }
  } else {
    for (const block of xml.split(/<(?:\w+:)?FeatureType\b/).slice(1)) {
      const m = block.match(/<(?:\w+:)?Name>([^<]+)<\/(?:\w+:)?Name>/);
      if (m) names.push(decodeXml(m[1]));
    }
  }
  return [...new Set(names)];
}

/** The z=0 tile of a template; WMTS RESTful placeholders filled from the settings. */
const tileUrl = (t: string, s: Record<string, unknown> = {}) =>
  t
    .replaceAll('{TileMatrixSet}', encodeURIComponent(String(s.tileMatrixSet ?? 'EPSG:3857')))
    .replaceAll('{Layer}', encodeURIComponent(String(s.layer ?? '')))
    .replaceAll('{Style}', 'default')
    .replace(/\{(z|x|y|-y|TileMatrix|TileCol|TileRow)\}/g, '0');

function absolute(url: string) {
  return url.startsWith('/') ? new URL(url, config().APP_URL).toString() : url;
}

async function get(url: string, headers: Record<string, string>): Promise<TFetched> {
  const res = await safeFetch(absolute(url), headers);
  if (res.status < 200 || res.status >= 300) throw ApiError.field('url', `The service answered HTTP ${res.status}.`);
  if (res.body.length === 0) throw ApiError.field('url', 'The service answered with an empty body.');
  return res;
}

function parseJson(res: TFetched): unknown {
  try {
    return parseJsonText(res.body.toString('utf8'));
  } catch {
    throw ApiError.field('url', 'The answer is not JSON.');
  }
}

function exceptionText(xml: string): string | null {
  const m = xml.match(/<(?:\w+:)?(?:ServiceException|ExceptionText)[^>]*>([^<]+)</);
  return m ? decodeXml(m[1]) : null;
}

async function capabilities(url: string, service: 'WMS' | 'WMTS' | 'WFS', version: string | undefined, headers: Record<string, string>) {
  const res = await get(withQuery(url, { SERVICE: service, REQUEST: 'GetCapabilities', ...(version ? { VERSION: version } : {}) }), headers);
  const xml = res.body.toString('utf8');
  const err = exceptionText(xml);
  if (err) throw ApiError.field('url', `The service reported: ${err}`);
  const layers = capabilityNames(xml, service.toLowerCase() as 'wms' | 'wmts' | 'wfs');
  if (!layers.length) throw ApiError.field('url', 'No layers found in the capabilities document.');
  return { res, layers };
}

function base(type: string, res: TFetched) {
  return { ok: true as const, type, url: res.url, status: res.status, content_type: res.contentType, size: res.body.length };
}

async function runTest(code: string, s: Record<string, unknown>, creds: TCredentials | null): Promise<TConnectionPreview> {
  const h = authHeaders(creds);
  const url = String(s.url ?? '');
  switch (code) {
    case 'wms': {
      const { res, layers } = await capabilities(url, 'WMS', String(s.version ?? '1.3.0'), h);
      return { ...base(code, res), layers };
    }
    case 'wfs': {
      const { res, layers } = await capabilities(url, 'WFS', String(s.version ?? '2.0.0'), h);
      return { ...base(code, res), layers };
    }
    case 'wmts': {
      if (url.includes('{')) {
        const res = await get(tileUrl(url, s), h);
        return base(code, res);
      }
      const { res, layers } = await capabilities(url, 'WMTS', '1.0.0', h);
      return { ...base(code, res), layers };
    }
    case 'xyz':
    case 'vectortiles': {
      if (code === 'vectortiles' && !url.includes('{')) {
        const res = await get(url, { ...h, Range: 'bytes=0-126' });
        if (res.body.subarray(0, 7).toString('latin1') !== 'PMTiles') throw ApiError.field('url', 'The file is not a PMTiles archive.');
        return { ...base(code, res), info: { pmtiles_version: res.body[7] } };
      }
      const res = await get(tileUrl(url), h);
      return base(code, res);
    }
    case 'geojson': {
      const res = await get(url, h);
      const sum = summarizeGeojson(parseJson(res));
      if (!sum.ok) throw ApiError.field('url', sum.error);
      return { ...base(code, res), feature_count: sum.featureCount, bbox: sum.bbox };
    }
    case 'arcgis': {
      const res = await get(withQuery(url, { f: 'json' }), creds?.apiKey ? {} : h);
      const doc = parseJson(res) as { error?: { message?: string }; layers?: { name?: string }[]; name?: string };
      if (doc.error) throw ApiError.field('url', `The service reported: ${doc.error.message ?? 'error'}`);
      const layers = Array.isArray(doc.layers) ? doc.layers.map((l) => String(l.name ?? '')).filter(Boolean) : doc.name ? [doc.name] : [];
      return { ...base(code, res), layers };
    }
    case '3dtiles': {
      const res = await get(url, h);
      const doc = parseJson(res) as { asset?: { version?: string }; root?: unknown };
      if (!doc.asset || !doc.root) throw ApiError.field('url', 'The answer is not a 3D Tiles tileset.');
      return { ...base(code, res), info: { version: doc.asset.version ?? null } };
    }
    default:
      throw ApiError.field('type', 'Unknown data source type.');
  }
}

function nestUnderSettings(err: unknown): unknown {
  if (isApiError(err) && err.status === 400 && err.body && typeof err.body === 'object' && 'url' in err.body) {
    return ApiError.fields({ settings: err.body as TFieldErrors });
  }
  return err;
}

/** Tests an unsaved form (type id or code, settings, credentials). Needs only a signed-in caller. */
export async function testUnsavedConnection(input: { type: number | string; settings: Record<string, unknown>; credentials?: TCredentials | null }) {
  const type = await resolveType(undefined, input.type);
  const settings = validateSettings(type.code, input.settings);
  return runTest(type.code, settings, input.credentials ?? null).catch((e) => {
    throw nestUnderSettings(e);
  });
}

/** Tests a saved data source with its stored credentials; caller must administer it (404 foreign). */
export async function testSavedConnection(userId: number, id: number) {
  const row = await requireDataSourceAdmin(userId, id);
  const full = await db().dataSource.findUnique({ where: { id }, select: { secrets: true, filePath: true, featureCount: true, bbox: true } });
  const code = row.type?.code ?? '';
  if (full?.filePath) {
    return { ok: true as const, type: code, url: '', status: 200, content_type: '', size: 0, feature_count: full.featureCount ?? undefined, bbox: full.bbox.length === 4 ? full.bbox : null };
  }
  const creds = openCredentials(full?.secrets);
  return runTest(code, (row.settings ?? {}) as Record<string, unknown>, creds).catch((e) => {
    throw nestUnderSettings(e);
  });
}
