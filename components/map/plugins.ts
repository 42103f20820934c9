import { DEFAULT_CAMERA, DEFAULT_WORKSPACE_PLUGINS } from '@/lib/workspace-defaults';
import type { TCamera } from '@/lib/wire-types';

/** workspacePlugins JSON with the defaults of lib/workspace-defaults.ts filled in. */
export type TProfileSource = { title: string; color: string; url: string; layer?: string; encoding?: 'terrarium' | 'mapbox'; zoom?: number };
export type TPlugins = {
  splitPanel: { enabled: boolean; mode: 'swipe' | 'side'; left: number[]; right: number[] };
  elevationWidget: { enabled: boolean; profiles: TProfileSource[] };
  biWidget: { enabled: boolean; url: string; title?: string };
};

function obj(v: unknown): Record<string, unknown> {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
const ids = (v: unknown) => (Array.isArray(v) ? v.filter((n): n is number => Number.isInteger(n)) : []);

export function parsePlugins(text: string | null | undefined): TPlugins {
  let raw: Record<string, unknown> = {};
  try {
    raw = obj(JSON.parse(text || '{}'));
  } catch {
    raw = {};
  }
  const d = DEFAULT_WORKSPACE_PLUGINS;
  const sp = obj(raw.splitPanel);
  const ew = obj(raw.elevationWidget);
  const bi = obj(raw.biWidget);
  const profiles = Array.isArray(ew.profiles)
    ? ew.profiles.map(obj).map((p) => ({
        title: typeof p.title === 'string' ? p.title : 'AHN3/AHN4',
        color: typeof p.color === 'string' && p.color ? p.color : 'red',
        url: typeof p.url === 'string' ? p.url : '',
        layer: typeof p.layer === 'string' ? p.layer : undefined,
        encoding: p.encoding === 'mapbox' ? ('mapbox' as const) : ('terrarium' as const),
        zoom: typeof p.zoom === 'number' ? p.zoom : undefined,
      }))
    : d.elevationWidget.profiles.map((p) => ({ ...p, encoding: 'terrarium' as const }));
  return {
    splitPanel: {
      enabled: typeof sp.enabled === 'boolean' ? sp.enabled : d.splitPanel.enabled,
      mode: sp.mode === 'side' ? 'side' : 'swipe',
      left: ids(sp.left),
      right: ids(sp.right),
    },
    elevationWidget: { enabled: typeof ew.enabled === 'boolean' ? ew.enabled : d.elevationWidget.enabled, profiles },
    biWidget: {
      enabled: typeof bi.enabled === 'boolean' ? bi.enabled : d.biWidget.enabled,
      url: typeof bi.url === 'string' ? bi.url : d.biWidget.url,
      title: typeof bi.title === 'string' ? bi.title : undefined,
    },
  };
}

/** The saved camera, or the default one when missing or malformed. */
export function parseCamera(text: string | null | undefined): TCamera {
  try {
    const c = obj(JSON.parse(text || '{}'));
    const center = Array.isArray(c.center) && c.center.length === 2 && c.center.every((n) => typeof n === 'number' && Number.isFinite(n)) ? (c.center as [number, number]) : DEFAULT_CAMERA.center;
    const num = (v: unknown, dflt: number) => (typeof v === 'number' && Number.isFinite(v) ? v : dflt);
    return { center, zoom: num(c.zoom, DEFAULT_CAMERA.zoom), bearing: num(c.bearing, 0), pitch: num(c.pitch, 0) };
  } catch {
    return DEFAULT_CAMERA;
  }
}

/** Fills {bbox} and {west} {south} {east} {north} in a BI widget URL with the current extent. */
export function fillExtent(url: string, b: { west: number; south: number; east: number; north: number }): string {
  const f = (n: number) => n.toFixed(6);
  return url
    .replace(/\{bbox\}/g, [b.west, b.south, b.east, b.north].map(f).join(','))
    .replace(/\{west\}/g, f(b.west))
    .replace(/\{south\}/g, f(b.south))
    .replace(/\{east\}/g, f(b.east))
    .replace(/\{north\}/g, f(b.north));
}
