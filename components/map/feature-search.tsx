'use client';
import type { GeoJSONFeature, Map as MlMap } from 'maplibre-gl';
import { useState } from 'react';
import { useAppState } from '@/components/shell/app-state';
import type { TLayerWire } from '@/lib/wire-types';
import { drawOrder, layerSpecOf, type TStyleLayer } from './layer-spec';
import { effectiveVisibility } from './map-sync';

/** Search for a place within the loaded features of the shown GeoJSON/vector layers, by any property value; flies to a match. */
type THit = { layer: TLayerWire; label: string; center: [number, number]; bounds: [number, number, number, number] };

export function FeatureSearch({ map, tree }: { map: MlMap; tree: TLayerWire[] }) {
  const { t } = useAppState();
  const [q, setQ] = useState('');
  const [hits, setHits] = useState<THit[] | null>(null);
  const run = (e: React.FormEvent) => {
    e.preventDefault();
    const term = q.trim().toLowerCase();
    if (!term) return setHits(null);
    const shown = effectiveVisibility(tree);
    const out: THit[] = [];
    const seen = new Set<string>();
    for (const layer of drawOrder(tree).reverse()) {
      if (!shown.get(layer.id)) continue;
      const spec = layerSpecOf(layer);
      if (spec.kind !== 'vector' || !map.getSource(spec.sourceId)) continue;
      // Vector tile sources are searched per source layer (configured, or named by their metadata).
      const named = (spec.layers[0] as TStyleLayer | undefined)?.['source-layer'];
      const sourceLayers: (string | undefined)[] = spec.source.type === 'vector' ? (named ? [named] : ((map.getSource(spec.sourceId) as { vectorLayerIds?: string[] }).vectorLayerIds ?? [])) : [undefined];
      const features = sourceLayers.flatMap((sourceLayer) => {
        try {
          return map.querySourceFeatures(spec.sourceId, sourceLayer ? { sourceLayer } : undefined);
        } catch {
          return [];
        }
      });
      for (const f of features) {
        const match = Object.entries(f.properties ?? {}).find(([, v]) => v !== null && String(v).toLowerCase().includes(term));
        if (!match) continue;
        const key = `${layer.id}:${f.id ?? JSON.stringify(f.properties)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const bounds = boundsOf(f);
        if (!bounds) continue;
        out.push({ layer, label: `${match[1]}`, center: [(bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2], bounds });
        if (out.length >= 20) break;
      }
      if (out.length >= 20) break;
    }
    setHits(out);
    if (out.length === 1) go(out[0]);
  };
  const go = (h: THit) => {
    const [w, s, e, n] = h.bounds;
    if (e - w < 1e-6 && n - s < 1e-6) map.flyTo({ center: h.center, zoom: Math.max(map.getZoom(), 14) });
    else map.fitBounds([w, s, e, n], { padding: 60, maxZoom: 16 });
  };
  return (
    <div className="text-sm">
      <form role="search" onSubmit={run} className="flex gap-1">
        <input
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={t('map.searchPlaceholder')}
          aria-label="Search features"
          data-testid="feature-search"
          className="min-w-0 flex-1 rounded border border-[var(--border)] bg-[var(--surface)] px-2 py-1"
        />
        <button type="submit" className="rounded bg-[var(--primary-fill)] px-2 py-1 text-white">
          {t('map.search')}
        </button>
      </form>
      {hits && (
        <ul data-testid="search-results" className="mt-1 max-h-48 overflow-y-auto">
          {hits.length === 0 && <li className="text-muted">{t('map.noMatches')}</li>}
          {hits.map((h, i) => (
            <li key={i}>
              <button type="button" className="w-full truncate text-left hover:underline" onClick={() => go(h)}>
                {h.label} <span className="text-muted">· {h.layer.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function boundsOf(f: GeoJSONFeature): [number, number, number, number] | null {
  let b: [number, number, number, number] | null = null;
  const visit = (c: unknown): void => {
    if (Array.isArray(c) && typeof c[0] === 'number') {
      const [x, y] = c as number[];
      b = b ? [Math.min(b[0], x), Math.min(b[1], y), Math.max(b[2], x), Math.max(b[3], y)] : [x, y, x, y];
    } else if (Array.isArray(c)) c.forEach(visit);
  };
  const g = f.geometry;
  if (g.type === 'GeometryCollection') g.geometries.forEach((gg) => 'coordinates' in gg && visit(gg.coordinates));
  else visit(g.coordinates);
  return b;
}
