'use client';
import dynamic from 'next/dynamic';
import { useAppState } from '@/components/shell/app-state';
import type { TLayerWire, TWorkspaceWire } from '@/lib/wire-types';

export type TMapMode = 'view' | 'edit' | 'public';
export type TWorkspaceMapProps = { workspace: TWorkspaceWire; layers: TLayerWire[]; mode: TMapMode; shareToken: string | null };

const loadMap = () => import('./workspace-map');
// Only the map pages import this module: start fetching the map chunk (MapLibre, ~300 kB compressed)
// while the page hydrates instead of after it, when next/dynamic (ssr: false) would first ask for it.
if (typeof window !== 'undefined') void loadMap();

const WorkspaceMap = dynamic(() => loadMap().then((m) => m.WorkspaceMap), {
  ssr: false,
  loading: () => <MapLoading />,
});

function MapLoading() {
  const { t } = useAppState();
  return (
    <div data-testid="map-loading" className="flex h-[calc(100vh-3.5rem)] items-center justify-center text-muted">
      {t('map.loading')}
    </div>
  );
}

/** Client boundary of the workspace pages: the map (and MapLibre) load in the browser only. */
export function WorkspaceMapLoader(props: TWorkspaceMapProps) {
  return <WorkspaceMap {...props} />;
}
