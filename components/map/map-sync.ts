import type { Map as MlMap } from 'maplibre-gl';
import type { TLayerWire } from '@/lib/wire-types';
import { drawOrder, flatten, layerIdOfStyleId, layerSpecOf, parseTemplate, sourceIdOf, type TLayerSpec } from './layer-spec';

/**
 * Brings a MapLibre map in line with the layer tree: adds missing sources and
 * style layers, re-creates ones whose spec changed (template, ArcGIS token),
 * removes deleted ones, applies visibility and opacity, and restacks them in
 * draw order. Returns the reason per layer that cannot be shown.
 */
export type TSyncOptions = {
  arcgisTokens: Record<number, string>;
  /** Restricts the map to a layer set (split view); undefined = every layer. */
  only?: Set<number> | null;
};

const signatures = new WeakMap<MlMap, Map<number, string>>();

/** Visible when the layer and every group above it are switched on. */
export function effectiveVisibility(tree: TLayerWire[]): Map<number, boolean> {
  const out = new Map<number, boolean>();
  const walk = (list: TLayerWire[], parentOn: boolean) => {
    for (const l of list) {
      const on = parentOn && l.visible;
      out.set(l.id, on);
      walk(l.layers, on);
    }
  };
  walk(tree, true);
  return out;
}

function opacityPaint(spec: TLayerSpec, layer: TLayerWire): Record<string, Record<string, number>> {
  if (spec.kind === 'unsupported') return {};
  const t = parseTemplate(layer.template);
  const user = t.paint ?? {};
  const op = Math.max(0, Math.min(1, layer.opacity ?? 1));
  const fillBase = typeof t.opacity === 'number' ? t.opacity : 0.35;
  const out: Record<string, Record<string, number>> = {};
  for (const sl of spec.layers) {
    const p: Record<string, number> = {};
    if (sl.type === 'raster' && !('raster-opacity' in user)) p['raster-opacity'] = op;
    if (sl.type === 'fill' && !('fill-opacity' in user)) p['fill-opacity'] = fillBase * op;
    if (sl.type === 'line' && !('line-opacity' in user)) p['line-opacity'] = op;
    if (sl.type === 'circle') {
      if (!('circle-opacity' in user)) p['circle-opacity'] = op;
      if (!('circle-stroke-opacity' in user)) p['circle-stroke-opacity'] = op;
    }
    out[sl.id] = p;
  }
  return out;
}

export function syncLayers(map: MlMap, tree: TLayerWire[], opts: TSyncOptions): Map<number, string> {
  const unsupported = new Map<number, string>();
  let sigs = signatures.get(map);
  if (!sigs) {
    sigs = new Map();
    signatures.set(map, sigs);
  }
  const visibleById = effectiveVisibility(tree);
  const ordered = drawOrder(tree);
  const keep = new Set<number>();
  const styleOrder: string[] = [];
  for (const layer of ordered) {
    const token = opts.arcgisTokens[layer.id] ?? null;
    let spec = layerSpecOf(layer, token);
    if (spec.kind === 'vector' && spec.layers.length === 0) {
      // Source layers not configured: wait for the TileJSON/PMTiles metadata, then style every one.
      const ids = (map.getSource(spec.sourceId) as { vectorLayerIds?: string[] } | undefined)?.vectorLayerIds;
      if (ids?.length) spec = layerSpecOf(layer, token, { vectorLayerIds: ids });
    }
    if (spec.kind === 'unsupported') {
      unsupported.set(layer.id, spec.reason);
      continue;
    }
    keep.add(layer.id);
    const sourceSig = JSON.stringify(spec.source);
    const sig = `${sourceSig}\n${JSON.stringify(spec.layers)}`;
    const before = sigs.get(layer.id);
    if (before !== sig) {
      if (before?.split('\n')[0] === sourceSig) {
        for (const l of map.getStyle().layers) if (layerIdOfStyleId(l.id) === layer.id) map.removeLayer(l.id);
      } else {
        removeLayer(map, layer.id);
      }
      sigs.set(layer.id, sig);
      try {
        if (!map.getSource(spec.sourceId)) map.addSource(spec.sourceId, spec.source as never);
        for (const sl of spec.layers) map.addLayer(sl as never);
      } catch {
        // MapLibre rejects invalid template styles; the layer reports it instead of breaking the map.
      }
    }
    if (!spec.layers.length) continue;
    if (!spec.layers.every((sl) => map.getLayer(sl.id))) {
      unsupported.set(layer.id, 'The layer style (template) is invalid');
      for (const sl of spec.layers) if (map.getLayer(sl.id)) map.removeLayer(sl.id);
      continue;
    }
    const show = (visibleById.get(layer.id) ?? false) && (!opts.only || opts.only.has(layer.id));
    const paints = opacityPaint(spec, layer);
    for (const sl of spec.layers) {
      map.setLayoutProperty(sl.id, 'visibility', show ? 'visible' : 'none');
      for (const [k, v] of Object.entries(paints[sl.id] ?? {})) map.setPaintProperty(sl.id, k as 'raster-opacity', v);
      styleOrder.push(sl.id);
    }
  }
  for (const id of [...sigs.keys()]) {
    if (!keep.has(id)) {
      removeLayer(map, id);
      sigs.delete(id);
    }
  }
  const current = map.getStyle().layers.map((l) => l.id);
  const ours = current.filter((id) => layerIdOfStyleId(id) !== null);
  if (ours.join('|') !== styleOrder.join('|')) for (const id of styleOrder) map.moveLayer(id);
  for (const id of current) if (id.startsWith('tool-')) map.moveLayer(id);
  return unsupported;
}

function removeLayer(map: MlMap, layerId: number) {
  const src = sourceIdOf(layerId);
  for (const l of map.getStyle().layers) if (layerIdOfStyleId(l.id) === layerId) map.removeLayer(l.id);
  if (map.getSource(src)) map.removeSource(src);
}

/** Workspace layer ids whose style layers hold clickable features and are shown. */
export function queryableStyleIds(map: MlMap): string[] {
  return map
    .getStyle()
    .layers.filter((l) => layerIdOfStyleId(l.id) !== null && l.type !== 'raster' && map.getLayoutProperty(l.id, 'visibility') !== 'none')
    .map((l) => l.id);
}

/** Every layer id of the tree (groups too). */
export function allIds(tree: TLayerWire[]): number[] {
  return flatten(tree).map((l) => l.id);
}
