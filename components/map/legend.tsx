'use client';
import { useAppState } from '@/components/shell/app-state';
import type { TLayerWire } from '@/lib/wire-types';
import { colorOf, drawOrder, parseTemplate, wmsLegendUrl } from './layer-spec';
import { effectiveVisibility } from './map-sync';

/** Legend of the shown layers: WMS GetLegendGraphic images, template legends, colour swatches of vector styles. */
export function Legend({ tree }: { tree: TLayerWire[] }) {
  const { t } = useAppState();
  const shown = effectiveVisibility(tree);
  const layers = drawOrder(tree)
    .filter((l) => shown.get(l.id))
    .reverse();
  const entries = layers.map((l) => ({ layer: l, body: legendBody(l) })).filter((e) => e.body !== null);
  return (
    <div data-testid="legend" className="flex flex-col gap-2 text-sm">
      {entries.length === 0 && <p className="text-muted">{t('map.noLegend')}</p>}
      {entries.map(({ layer, body }) => (
        <div key={layer.id} data-testid={`legend-${layer.id}`}>
          <div className="font-medium">{layer.name}</div>
          {body}
        </div>
      ))}
    </div>
  );
}

function legendBody(l: TLayerWire) {
  const t = parseTemplate(l.template);
  const type = l.source?.type_code;
  if (typeof t.legend === 'string' && /^(https?:|\/)/.test(t.legend)) return <img src={t.legend} alt={`Legend of ${l.name}`} className="max-w-full" />;
  if (Array.isArray(t.legend)) {
    return (
      <ul>
        {t.legend.map((e, i) => (
          <li key={i} className="flex items-center gap-2">
            <span className="inline-block h-3 w-4 rounded-sm border border-black/20" style={{ background: e.color }} />
            {e.label}
          </li>
        ))}
      </ul>
    );
  }
  if (type === 'wms') {
    const url = wmsLegendUrl(l.source?.settings ?? {});
    return url ? <img src={url} alt={`Legend of ${l.name}`} data-testid={`legend-img-${l.id}`} className="max-w-full" /> : null;
  }
  if (type === 'geojson' || type === 'wfs' || type === 'vectortiles' || (type === 'arcgis' && l.source?.settings.kind === 'FeatureServer') || (!type && l.source?.data_url)) {
    const color = colorOf(l);
    const fill = t.fill ?? color;
    return (
      <span className="flex items-center gap-2" data-testid={`legend-swatch-${l.id}`} data-color={fill}>
        <span className="inline-block h-3 w-4 rounded-sm" style={{ background: fill, border: `2px solid ${color}` }} />
        <span className="text-muted">features</span>
      </span>
    );
  }
  return null;
}
