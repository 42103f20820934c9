'use client';
import type { Map as MlMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { useAppState } from '@/components/shell/app-state';
import type { TLayerWire } from '@/lib/wire-types';
import { EMPTY_STYLE, maplibregl } from './maplibre';
import { syncLayers } from './map-sync';

/**
 * Split panel plugin: a second map with the right-hand layer set, its camera
 * locked to the main map's, either side by side or stacked with a swipe
 * divider (the second map is clipped to the right of the divider).
 */
export function SplitMap({ main, tree, right, mode, arcgisTokens, onClose }: { main: MlMap; tree: TLayerWire[]; right: number[]; mode: 'swipe' | 'side'; arcgisTokens: Record<number, string>; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MlMap | null>(null);
  const [swipe, setSwipe] = useState(50);
  const [idle, setIdle] = useState(false);
  const [metaTick, setMetaTick] = useState(0);
  const { t } = useAppState();

  useEffect(() => {
    if (!ref.current) return;
    const m = new maplibregl.Map({
      container: ref.current,
      style: EMPTY_STYLE,
      center: main.getCenter(),
      zoom: main.getZoom(),
      bearing: main.getBearing(),
      pitch: main.getPitch(),
      attributionControl: false,
      interactive: mode === 'side',
    });
    m.on('load', () => setMap(m));
    m.on('sourcedata', (e) => {
      if (e.sourceDataType === 'metadata') setMetaTick((n) => n + 1);
    });
    m.on('idle', () => setIdle(true));
    m.on('movestart', () => setIdle(false));
    let syncing = false;
    const follow = (from: MlMap, to: MlMap) => () => {
      if (syncing) return;
      syncing = true;
      to.jumpTo({ center: from.getCenter(), zoom: from.getZoom(), bearing: from.getBearing(), pitch: from.getPitch() });
      syncing = false;
    };
    const a = follow(main, m);
    const b = follow(m, main);
    main.on('move', a);
    m.on('move', b);
    main.resize();
    return () => {
      main.off('move', a);
      m.remove();
      setMap(null);
      requestAnimationFrame(() => main.resize());
    };
  }, [main, mode]);

  useEffect(() => {
    if (!map) return;
    syncLayers(map, tree, { arcgisTokens, only: right.length ? new Set(right) : null });
  }, [map, tree, right, arcgisTokens, metaTick]);

  const side = mode === 'side';
  return (
    <>
      <div className="absolute top-0 bottom-0" style={side ? { left: '50%', right: 0, borderLeft: '2px solid var(--color-primary)' } : { left: 0, right: 0, clipPath: `inset(0 0 0 ${swipe}%)`, pointerEvents: 'none' }}>
        <div ref={ref} data-testid="split-map" data-map-idle={idle ? 'true' : 'false'} className="h-full w-full" />
      </div>
      {!side && (
        <input
          type="range"
          min={0}
          max={100}
          value={swipe}
          aria-label="Swipe position"
          data-testid="swipe-slider"
          onChange={(e) => setSwipe(Number(e.target.value))}
          className="absolute bottom-10 left-1/2 z-10 w-64 -translate-x-1/2"
        />
      )}
      {!side && <div aria-hidden className="pointer-events-none absolute top-0 bottom-0 z-[5] w-0.5 bg-[var(--color-primary)]" style={{ left: `${swipe}%` }} />}
      <button type="button" onClick={onClose} data-testid="split-close" className="absolute top-2 z-10 rounded bg-[var(--surface)] px-2 py-1 text-sm shadow" style={{ left: side ? 'calc(50% + 8px)' : `calc(${swipe}% + 8px)` }}>
        {t('map.closeSplit')}
      </button>
    </>
  );
}
