'use client';
import type { GeoJSONSource, Map as MlMap, MapMouseEvent } from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppState } from '@/components/shell/app-state';
import type { TProfileSource } from './plugins';
import { isTileTemplate, profileCsv, sampleProfile, type TProfilePoint } from './terrarium';

/**
 * Elevation profile plugin: click points on the map to draw a line, finish,
 * and the heights along it are charted per configured ground profile (default
 * "AHN3/AHN4" in red) with a distance axis, min/max and a CSV export.
 */
type TSeries = { title: string; color: string; points: TProfilePoint[]; error?: string };

const SRC = 'tool-profile';

export function ElevationProfile({ map, profiles, onDrawing, onClose }: { map: MlMap; profiles: TProfileSource[]; onDrawing: (on: boolean) => void; onClose: () => void }) {
  const [points, setPoints] = useState<[number, number][]>([]);
  const [drawing, setDrawing] = useState(true);
  const [series, setSeries] = useState<TSeries[] | null>(null);
  const [busy, setBusy] = useState(false);
  const { t } = useAppState();
  const pointsRef = useRef(points);
  pointsRef.current = points;

  useEffect(() => {
    onDrawing(drawing);
  }, [drawing, onDrawing]);

  useEffect(() => {
    if (!map.getSource(SRC)) {
      map.addSource(SRC, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
      map.addLayer({ id: 'tool-profile-line', type: 'line', source: SRC, paint: { 'line-color': '#f76430', 'line-width': 3, 'line-dasharray': [2, 1] } });
      map.addLayer({ id: 'tool-profile-points', type: 'circle', source: SRC, filter: ['==', ['geometry-type'], 'Point'], paint: { 'circle-radius': 5, 'circle-color': '#f76430', 'circle-stroke-color': '#fff', 'circle-stroke-width': 2 } });
    }
    map.getCanvas().style.cursor = drawing ? 'crosshair' : '';
    return () => {
      map.getCanvas().style.cursor = '';
    };
  }, [map, drawing]);

  useEffect(
    () => () => {
      onDrawing(false);
      if (map.getStyle()) {
        for (const id of ['tool-profile-line', 'tool-profile-points']) if (map.getLayer(id)) map.removeLayer(id);
        if (map.getSource(SRC)) map.removeSource(SRC);
      }
    },
    [map, onDrawing],
  );

  useEffect(() => {
    const src = map.getSource(SRC) as GeoJSONSource | undefined;
    src?.setData({
      type: 'FeatureCollection',
      features: [
        ...(points.length > 1 ? [{ type: 'Feature' as const, properties: {}, geometry: { type: 'LineString' as const, coordinates: points } }] : []),
        ...points.map((p) => ({ type: 'Feature' as const, properties: {}, geometry: { type: 'Point' as const, coordinates: p } })),
      ],
    });
  }, [map, points]);

  useEffect(() => {
    if (!drawing) return;
    const onClick = (e: MapMouseEvent) => setPoints((p) => [...p, [e.lngLat.lng, e.lngLat.lat]]);
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
    };
  }, [map, drawing]);

  const finish = useCallback(async () => {
    const line = pointsRef.current;
    if (line.length < 2) return;
    setDrawing(false);
    setBusy(true);
    const out: TSeries[] = await Promise.all(
      profiles.map(async (p) => {
        if (!isTileTemplate(p.url)) return { title: p.title, color: p.color, points: [], error: 'This elevation source is not supported in this view (it needs a {z}/{x}/{y} Terrarium tile URL).' };
        try {
          return { title: p.title, color: p.color, points: await sampleProfile(line, p) };
        } catch (e) {
          return { title: p.title, color: p.color, points: [], error: (e as Error).message };
        }
      }),
    );
    setSeries(out);
    setBusy(false);
  }, [profiles]);

  const clear = () => {
    setPoints([]);
    setSeries(null);
    setDrawing(true);
  };

  const exportCsv = () => {
    if (!series) return;
    const blob = new Blob([profileCsv(series.filter((s) => s.points.length))], { type: 'text/csv' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = 'elevation-profile.csv';
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };

  return (
    <section data-testid="elevation-panel" className="rounded bg-[var(--surface)] p-3 shadow-lg">
      <header className="mb-2 flex items-center gap-2">
        <h2 className="flex-1 font-semibold">{t('map.elevation')}</h2>
        <button type="button" onClick={onClose} aria-label="Close elevation profile" className="px-2">
          ✕
        </button>
      </header>
      {drawing && <p className="mb-2 text-sm text-muted">{t('map.profileHint', { count: points.length })}</p>}
      <div className="mb-2 flex flex-wrap gap-2">
        <button type="button" data-testid="profile-finish" disabled={points.length < 2 || !drawing} onClick={finish} className="rounded bg-[var(--primary-fill)] px-3 py-1 text-white disabled:opacity-40">
          {t('map.finishLine')}
        </button>
        <button type="button" data-testid="profile-clear" onClick={clear} className="rounded border border-[var(--border)] px-3 py-1">
          {t('map.clear')}
        </button>
        <button type="button" data-testid="profile-csv" disabled={!series?.some((s) => s.points.length)} onClick={exportCsv} className="rounded border border-[var(--border)] px-3 py-1 disabled:opacity-40">
          {t('map.exportCsv')}
        </button>
      </div>
      {busy && <p className="text-sm text-muted">{t('map.sampling')}</p>}
      {series && <ProfileChart series={series} />}
    </section>
  );
}

function fmtDistance(m: number) {
  return m >= 2000 ? `${(m / 1000).toFixed(1)} km` : `${Math.round(m)} m`;
}

export function ProfileChart({ series }: { series: TSeries[] }) {
  const W = 560;
  const H = 200;
  const pad = { l: 78, r: 28, t: 12, b: 32 };
  const all = series.flatMap((s) => s.points.filter((p) => p.height !== null));
  const errors = series.filter((s) => s.error);
  if (!all.length) {
    return (
      <div data-testid="profile-error" className="text-sm text-red-700 dark:text-red-400">
        {errors.map((e) => `${e.title}: ${e.error}`).join(' ') || 'No heights found along this line.'}
      </div>
    );
  }
  const heights = all.map((p) => p.height as number);
  const min = Math.min(...heights);
  const max = Math.max(...heights);
  const total = Math.max(...all.map((p) => p.distance)) || 1;
  const span = max - min || 1;
  const x = (d: number) => pad.l + (d / total) * (W - pad.l - pad.r);
  const y = (h: number) => H - pad.b - ((h - min) / span) * (H - pad.t - pad.b);
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * total);
  return (
    <figure className="overflow-x-auto">
      <svg data-testid="profile-chart" viewBox={`0 0 ${W} ${H}`} width="100%" style={{ maxWidth: W }} role="img" aria-label="Elevation profile chart">
        <line x1={pad.l} y1={H - pad.b} x2={W - pad.r} y2={H - pad.b} stroke="currentColor" strokeOpacity={0.5} />
        <line x1={pad.l} y1={pad.t} x2={pad.l} y2={H - pad.b} stroke="currentColor" strokeOpacity={0.5} />
        {ticks.map((d) => (
          <g key={d}>
            <line x1={x(d)} y1={H - pad.b} x2={x(d)} y2={H - pad.b + 4} stroke="currentColor" />
            <text x={x(d)} y={H - pad.b + 16} fontSize={10} textAnchor={d === total ? 'end' : d === 0 ? 'start' : 'middle'} fill="currentColor" data-testid="profile-xtick">
              {fmtDistance(d)}
            </text>
          </g>
        ))}
        <text x={pad.l - 4} y={y(max) + 4} fontSize={10} textAnchor="end" fill="currentColor" data-testid="profile-max">
          max {max.toFixed(1)} m
        </text>
        <text x={pad.l - 4} y={y(min)} fontSize={10} textAnchor="end" fill="currentColor" data-testid="profile-min">
          min {min.toFixed(1)} m
        </text>
        {series
          .filter((s) => s.points.length)
          .map((s) => (
            <polyline
              key={s.title}
              data-testid="profile-line"
              data-title={s.title}
              fill="none"
              stroke={s.color}
              strokeWidth={2}
              points={s.points
                .filter((p) => p.height !== null)
                .map((p) => `${x(p.distance).toFixed(1)},${y(p.height as number).toFixed(1)}`)
                .join(' ')}
            />
          ))}
        <text x={(W + pad.l) / 2} y={H - 2} fontSize={10} textAnchor="middle" fill="currentColor">
          distance
        </text>
      </svg>
      <figcaption className="flex flex-wrap gap-3 text-xs">
        {series.map((s) => (
          <span key={s.title} className="flex items-center gap-1" data-testid="profile-legend">
            <span className="inline-block h-0.5 w-4" style={{ background: s.color }} />
            {s.title}
            {s.error && <span className="text-red-700 dark:text-red-400"> – {s.error}</span>}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
