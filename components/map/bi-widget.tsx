'use client';
import type { Map as MlMap } from 'maplibre-gl';
import { useEffect, useState } from 'react';
import { useAppState } from '@/components/shell/app-state';
import { fillExtent } from './plugins';

/** BI widget plugin: an iframe panel on the configured URL, its {bbox}/{west}… placeholders following the map extent. */
export function BiWidget({ map, url, title, onClose }: { map: MlMap; url: string; title?: string; onClose: () => void }) {
  const [src, setSrc] = useState(() => extentUrl(map, url));
  const { t } = useAppState();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setSrc(extentUrl(map, url)), 300);
    };
    update();
    map.on('moveend', update);
    return () => {
      clearTimeout(timer);
      map.off('moveend', update);
    };
  }, [map, url]);
  const safe = /^https?:\/\//i.test(src) || src.startsWith('/');
  return (
    <section data-testid="bi-panel" className="flex h-full flex-col rounded bg-[var(--surface)] shadow-lg">
      <header className="flex items-center gap-2 p-2">
        <h2 className="flex-1 font-semibold">{title || 'BI widget'}</h2>
        <button type="button" onClick={onClose} aria-label="Close BI widget" className="px-2">
          ✕
        </button>
      </header>
      {url && safe ? (
        <iframe data-testid="bi-iframe" title={title || 'BI widget'} src={src} className="min-h-[240px] w-full flex-1 border-0" sandbox={sameOrigin(src) ? 'allow-scripts allow-forms allow-popups' : 'allow-scripts allow-same-origin allow-forms allow-popups'} referrerPolicy="no-referrer" />
      ) : (
        <p className="p-3 text-sm text-muted">{t('map.noBiUrl')}</p>
      )}
    </section>
  );
}

function extentUrl(map: MlMap, url: string) {
  const b = map.getBounds();
  return fillExtent(url, { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() });
}

/** A page of this app must not get scripts and its own origin together (that would lift the sandbox). */
function sameOrigin(url: string) {
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return true;
  }
}
