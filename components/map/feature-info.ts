'use client';
import type { Map as MlMap, MapMouseEvent } from 'maplibre-gl';
import type { TLayerWire } from '@/lib/wire-types';
import { drawOrder, flatten, layerIdOfStyleId, wmsFeatureInfoUrl } from './layer-spec';
import { effectiveVisibility, queryableStyleIds } from './map-sync';

/**
 * Feature info on click: properties of the GeoJSON/vector features under the
 * pointer, else WMS GetFeatureInfo of the shown WMS layers (JSON first, HTML
 * shown in a sandboxed frame). Builds DOM with textContent only — property
 * values come from foreign services.
 */
export type TInfoBlock = { layer: string; rows?: [string, string][]; html?: string };

export async function featureInfoAt(map: MlMap, tree: TLayerWire[], e: MapMouseEvent): Promise<TInfoBlock[]> {
  const byId = new Map(flatten(tree).map((l) => [l.id, l]));
  const blocks: TInfoBlock[] = [];
  // A few pixels of tolerance: small dots and thin lines are hard to hit exactly.
  const r = 4;
  const features = map.queryRenderedFeatures(
    [
      [e.point.x - r, e.point.y - r],
      [e.point.x + r, e.point.y + r],
    ],
    { layers: queryableStyleIds(map) },
  );
  const seen = new Set<string>();
  for (const f of features) {
    const lid = layerIdOfStyleId(f.layer.id);
    const key = `${lid}:${f.id ?? JSON.stringify(f.properties)}`;
    if (lid === null || seen.has(key)) continue;
    seen.add(key);
    blocks.push({ layer: byId.get(lid)?.name ?? '', rows: Object.entries(f.properties ?? {}).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]) });
    if (blocks.length >= 5) break;
  }
  if (blocks.length) return blocks;
  const shown = effectiveVisibility(tree);
  const wms = drawOrder(tree)
    .filter((l) => shown.get(l.id) && l.source?.type_code === 'wms' && l.source.settings.queryable !== false)
    .reverse();
  const canvas = map.getCanvas();
  const size: [number, number] = [canvas.clientWidth, canvas.clientHeight];
  const b = map.getBounds();
  const sw = toMercator(b.getWest(), b.getSouth());
  const ne = toMercator(b.getEast(), b.getNorth());
  for (const l of wms.slice(0, 3)) {
    const s = l.source!.settings;
    const fmt = typeof s.infoFormat === 'string' ? s.infoFormat : 'application/json';
    try {
      const res = await fetch(wmsFeatureInfoUrl(s, [sw[0], sw[1], ne[0], ne[1]], size, [e.point.x, e.point.y], fmt), { credentials: 'omit' });
      if (!res.ok) continue;
      const text = await res.text();
      const type = res.headers.get('content-type') ?? '';
      if (type.includes('json') || fmt.includes('json')) {
        const json = JSON.parse(text) as { features?: { properties?: Record<string, unknown> }[] };
        for (const f of json.features ?? []) blocks.push({ layer: l.name, rows: Object.entries(f.properties ?? {}).map(([k, v]) => [k, String(v)]) });
      } else if (type.includes('html') && /<td|<tr|<li|<p/i.test(text)) {
        blocks.push({ layer: l.name, html: text });
      } else if (text.trim()) {
        blocks.push({ layer: l.name, rows: [['info', text.trim().slice(0, 2000)]] });
      }
    } catch {
      // A failing info request of one layer must not hide the others.
    }
  }
  return blocks;
}

export function toMercator(lng: number, lat: number): [number, number] {
  const R = 6378137;
  const clamped = Math.max(-85.0511287798, Math.min(85.0511287798, lat));
  return [(lng * Math.PI * R) / 180, R * Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360))];
}

export function infoDom(blocks: TInfoBlock[]): HTMLElement {
  const root = document.createElement('div');
  root.setAttribute('data-testid', 'feature-info');
  root.style.maxHeight = '260px';
  root.style.overflowY = 'auto';
  root.style.fontSize = '12px';
  root.style.color = '#222';
  for (const b of blocks) {
    const h = document.createElement('div');
    h.style.fontWeight = '600';
    h.style.margin = '4px 0';
    h.textContent = b.layer;
    root.appendChild(h);
    if (b.html !== undefined) {
      const frame = document.createElement('iframe');
      frame.setAttribute('sandbox', '');
      frame.srcdoc = b.html;
      frame.style.border = '0';
      frame.style.width = '260px';
      frame.style.height = '160px';
      root.appendChild(frame);
      continue;
    }
    const table = document.createElement('table');
    for (const [k, v] of b.rows ?? []) {
      const tr = table.insertRow();
      const th = document.createElement('th');
      th.textContent = k;
      th.style.textAlign = 'left';
      th.style.paddingRight = '8px';
      th.style.verticalAlign = 'top';
      tr.appendChild(th);
      tr.insertCell().textContent = v;
    }
    root.appendChild(table);
  }
  return root;
}
