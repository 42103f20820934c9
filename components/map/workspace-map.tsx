'use client';
import type { Map as MlMap, MapMouseEvent } from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAppState } from '@/components/shell/app-state';
import { can } from '@/lib/rights';
import type { TLayerWire, TWorkspaceWire } from '@/lib/wire-types';
import { api, writeErrorText, type TDataSourceOption } from './api-client';
import { signInToArcgis } from './arcgis-signin';
import { BiWidget } from './bi-widget';
import { AddLayerDialog, EditLayerDialog, PluginsDialog, type TLayerEdit } from './edit-dialogs';
import { ElevationProfile } from './elevation-profile';
import { featureInfoAt, infoDom } from './feature-info';
import { FeatureSearch } from './feature-search';
import { flatten, styleIdsOf } from './layer-spec';
import { LayerTree, type TLayerStatus } from './layer-tree';
import { Legend } from './legend';
import { syncLayers } from './map-sync';
import { EMPTY_STYLE, maplibregl } from './maplibre';
import { parseCamera, parsePlugins, type TPlugins } from './plugins';
import { SplitMap } from './split-view';
import { chooseBase, dropOnto, findNode, insertNode, moveNode, removeNode, updateNode } from './tree-ops';
import type { TWorkspaceMapProps } from './workspace-map-loader';

/**
 * The workspace map screen (view, edit and public modes): a full-screen
 * MapLibre map of the workspace's layers with the layer tree, legend, feature
 * info and search, the plugins (elevation profile, BI widget, split panel)
 * and, in edit mode, the layer and workspace editing saved through the API.
 */
const MOBILE_QUERY = '(max-width: 760px)';

function useMobile() {
  const [mobile, setMobile] = useState(false);
  useEffect(() => {
    const mq = window.matchMedia(MOBILE_QUERY);
    const update = () => setMobile(mq.matches);
    update();
    mq.addEventListener('change', update);
    return () => mq.removeEventListener('change', update);
  }, []);
  return mobile;
}

function errorText(err: unknown): string {
  const e = err as { status?: number; message?: string } | undefined;
  if (e?.status) return `Failed to load data (HTTP ${e.status})`;
  const msg = (e?.message ?? 'Failed to load data').replace(/https?:\/\/\S+/g, '').trim();
  return msg.length > 120 ? `${msg.slice(0, 117)}…` : msg;
}

export function WorkspaceMap({ workspace: initial, layers, mode }: TWorkspaceMapProps) {
  const { showSnackbar, t } = useAppState();
  const containerRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MlMap | null>(null);
  const [ws, setWs] = useState<TWorkspaceWire>(initial);
  const [tree, setTree] = useState<TLayerWire[]>(layers);
  const [status, setStatus] = useState<Record<number, TLayerStatus>>({});
  const [unsupported, setUnsupported] = useState<Map<number, string>>(new Map());
  const [tokens, setTokens] = useState<Record<number, string>>({});
  const [idle, setIdle] = useState(false);
  const [cameraAttr, setCameraAttr] = useState('');
  const [metaTick, setMetaTick] = useState(0);
  const [tab, setTab] = useState<'layers' | 'legend'>('layers');
  const [panelOpen, setPanelOpen] = useState(true);
  const [tool, setTool] = useState<'profile' | 'bi' | null>(null);
  const [split, setSplit] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const mobile = useMobile();
  const drawingRef = useRef(false);
  const treeRef = useRef(tree);
  treeRef.current = tree;
  const plugins = useMemo(() => parsePlugins(ws.workspacePlugins), [ws.workspacePlugins]);
  const editable = mode === 'edit';

  useEffect(() => {
    if (mobile) setPanelOpen(false);
  }, [mobile]);

  useEffect(() => {
    if (!containerRef.current) return;
    const cam = parseCamera(initial.camera);
    const m = new maplibregl.Map({
      container: containerRef.current,
      style: EMPTY_STYLE,
      center: cam.center,
      zoom: cam.zoom,
      bearing: cam.bearing,
      pitch: cam.pitch,
      maxPitch: 85,
      attributionControl: { compact: true },
    });
    m.addControl(new maplibregl.NavigationControl({ visualizePitch: true }), 'top-right');
    m.addControl(new maplibregl.ScaleControl({ maxWidth: 120, unit: 'metric' }), 'bottom-left');
    const bySource = (sourceId: unknown) => {
      const match = typeof sourceId === 'string' ? /^ws-src-(\d+)$/.exec(sourceId) : null;
      return match ? Number(match[1]) : null;
    };
    const loading = new Set<number>();
    const report = () => {
      const c = m.getCenter();
      setCameraAttr(JSON.stringify({ center: [Number(c.lng.toFixed(5)), Number(c.lat.toFixed(5))], zoom: Number(m.getZoom().toFixed(2)), bearing: Number(m.getBearing().toFixed(1)), pitch: Number(m.getPitch().toFixed(1)) }));
    };
    // Layers go in as soon as the (inline) style is parsed, not after the first frame (`load`):
    // their tiles are requested one frame earlier, which on a software-rendered map is ~0.2 s.
    m.once('style.load', () => {
      report();
      setMap(m);
    });
    m.on('moveend', report);
    // Handle for the end-to-end tests and the benchmark (bench/map-idle.mjs).
    (window as unknown as { __mapspaceMap?: MlMap }).__mapspaceMap = m;
    m.on('dataloading', (e) => {
      const id = bySource((e as { sourceId?: string }).sourceId);
      setIdle(false);
      if (id === null || loading.has(id)) return;
      loading.add(id);
      setStatus((s) => ({ ...s, [id]: { loading: true, error: s[id]?.error ?? null } }));
    });
    m.on('sourcedata', (e) => {
      // Vector sources without configured source layers are styled once their metadata arrives.
      // Only those still without style layers: a re-sync (and re-render) per loaded raster or TileJSON source is wasted work.
      const id = e.sourceDataType === 'metadata' ? bySource(e.sourceId) : null;
      if (id === null) return;
      const ids = styleIdsOf(id);
      if (!m.getLayer(ids.fill) && !m.getLayer(ids.raster)) setMetaTick((n) => n + 1);
    });
    m.on('idle', () => {
      setIdle(true);
      if (!loading.size) return;
      loading.clear();
      setStatus((s) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, { ...v, loading: false }])));
    });
    m.on('error', (e) => {
      const ev = e as unknown as { sourceId?: string; source?: { id?: string }; error?: unknown };
      const id = bySource(ev.sourceId ?? ev.source?.id);
      if (id === null) return;
      const text = errorText(ev.error);
      setStatus((s) => (s[id]?.error === text ? s : { ...s, [id]: { loading: false, error: text } }));
    });
    return () => {
      setMap(null);
      m.remove();
    };
  }, [initial.camera]);

  const leftSet = split && plugins.splitPanel.left.length ? plugins.splitPanel.left : null;
  useEffect(() => {
    if (!map) return;
    setUnsupported(syncLayers(map, tree, { arcgisTokens: tokens, only: leftSet ? new Set(leftSet) : null }));
  }, [map, tree, tokens, leftSet, metaTick]);

  useEffect(() => {
    if (!map) return;
    const popup = new maplibregl.Popup({ maxWidth: '340px' });
    const onClick = async (e: MapMouseEvent) => {
      if (drawingRef.current) return;
      const blocks = await featureInfoAt(map, treeRef.current, e);
      if (blocks.length) popup.setLngLat(e.lngLat).setDOMContent(infoDom(blocks)).addTo(map);
    };
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
      popup.remove();
    };
  }, [map]);

  useEffect(() => {
    map?.resize();
  }, [map, split, plugins.splitPanel.mode]);

  const fail = useCallback((err: unknown) => showSnackbar(writeErrorText(err), 'error'), [showSnackbar]);

  const patchLayer = useCallback(
    async (id: number, patch: Partial<TLayerEdit> & { visible?: boolean; opacity?: number }): Promise<string | null> => {
      const node = findNode(treeRef.current, id);
      if (!node) return null;
      try {
        const res = await api.patchLayer(id, { ...patch, version: node.version });
        setTree((t) => updateNode(t, id, (l) => ({ ...l, ...patch, version: res?.version ?? l.version + 1, user_groups: res?.user_groups ?? patch.user_groups ?? l.user_groups })));
        return null;
      } catch (err) {
        return writeErrorText(err);
      }
    },
    [],
  );

  const toggle = (id: number, visible: boolean) => {
    setTree((t) => updateNode(t, id, (l) => ({ ...l, visible })));
    if (editable) void patchLayer(id, { visible }).then((e) => e && showSnackbar(e, 'error'));
  };
  const setOpacity = (id: number, opacity: number, commit: boolean) => {
    setTree((t) => updateNode(t, id, (l) => ({ ...l, opacity })));
    if (commit && editable) void patchLayer(id, { opacity }).then((e) => e && showSnackbar(e, 'error'));
  };
  const setBase = (id: number) => {
    const before = flatten(treeRef.current).filter((l) => l.baselayer && !l.isGroup);
    setTree((t) => chooseBase(t, id));
    if (editable) for (const b of before) if (b.visible !== (b.id === id)) void patchLayer(b.id, { visible: b.id === id }).then((e) => e && showSnackbar(e, 'error'));
  };
  const move = (id: number, dir: 'up' | 'down') => reorder(moveNode(treeRef.current, id, dir));
  const drop = (id: number, targetId: number) => reorder(dropOnto(treeRef.current, id, targetId));
  const reorder = async (moved: ReturnType<typeof moveNode>) => {
    if (!moved) return;
    const previous = treeRef.current;
    setTree(moved.tree);
    try {
      const res = await api.reorderLayers(ws.id, moved.parent, moved.order);
      // The answer is the whole visible tree: take the new versions and positions from it.
      if (Array.isArray(res)) for (const r of flatten(res as TLayerWire[])) setTree((t) => updateNode(t, r.id, (l) => ({ ...l, version: r.version ?? l.version, position: r.position ?? l.position })));
    } catch (err) {
      setTree(previous);
      fail(err);
    }
  };
  const addLayer = async (ds: TDataSourceOption, name: string): Promise<string | null> => {
    try {
      const created = await api.createLayer({ workspace: ws.id, name, data_source: ds.id, parent: null, visible: true });
      const maxPos = Math.max(-1, ...treeRef.current.map((l) => l.position));
      setTree((t) => insertNode(t, { ...created, layers: created.layers ?? [], position: created.position ?? maxPos + 1, parent: created.parent ?? null }));
      return null;
    } catch (err) {
      return writeErrorText(err);
    }
  };
  const saveLayer = (l: TLayerWire, edit: TLayerEdit) => patchLayer(l.id, { name: edit.name, template: edit.template, user_groups: edit.user_groups });
  const deleteLayer = async (l: TLayerWire): Promise<string | null> => {
    try {
      await api.deleteLayer(l.id);
      setTree((t) => removeNode(t, l.id));
      return null;
    } catch (err) {
      return writeErrorText(err);
    }
  };
  const patchWorkspace = async (patch: { camera?: string; workspacePlugins?: string; mobile?: boolean }): Promise<string | null> => {
    try {
      const res = await api.patchWorkspace(ws.id, { ...patch, version: ws.version });
      setWs((w) => ({ ...w, ...patch, version: res?.version ?? w.version + 1 }));
      return null;
    } catch (err) {
      return writeErrorText(err);
    }
  };
  const saveView = async () => {
    if (!map) return;
    const c = map.getCenter();
    const camera = JSON.stringify({ center: [Number(c.lng.toFixed(6)), Number(c.lat.toFixed(6))], zoom: Number(map.getZoom().toFixed(3)), bearing: Number(map.getBearing().toFixed(2)), pitch: Number(map.getPitch().toFixed(2)) });
    const err = await patchWorkspace({ camera });
    if (err) showSnackbar(err, 'error');
    else showSnackbar(t('map.viewSaved'), 'success');
  };
  const saveSettings = (p: TPlugins, mobileFlag: boolean) => patchWorkspace({ workspacePlugins: JSON.stringify(p), mobile: mobileFlag });
  const arcgisSignIn = (id: number) => {
    const layer = findNode(treeRef.current, id);
    if (!layer) return;
    signInToArcgis(layer)
      .then((token) => {
        setTokens((t) => ({ ...t, [id]: token }));
        setStatus((s) => ({ ...s, [id]: { loading: false, error: null } }));
        showSnackbar(`Signed in to ArcGIS for ${layer.name}`, 'success');
      })
      .catch((e: Error) => showSnackbar(e.message, 'error'));
  };
  const setDrawing = useCallback((on: boolean) => {
    drawingRef.current = on;
  }, []);

  const side = plugins.splitPanel.mode === 'side';
  const btn = 'rounded bg-[var(--surface)] px-2 py-1 text-sm shadow hover:bg-[var(--surface-2)] aria-pressed:bg-[var(--primary-fill)] aria-pressed:text-white';
  const panel = (
    <>
      <div className="mb-2 flex gap-1" role="tablist">
        <button type="button" role="tab" aria-selected={tab === 'layers'} className={`flex-1 rounded px-2 py-1 ${tab === 'layers' ? 'bg-[var(--primary-fill)] text-white' : ''}`} onClick={() => setTab('layers')} data-testid="tab-layers">
          {t('map.layers')}
        </button>
        <button type="button" role="tab" aria-selected={tab === 'legend'} className={`flex-1 rounded px-2 py-1 ${tab === 'legend' ? 'bg-[var(--primary-fill)] text-white' : ''}`} onClick={() => setTab('legend')} data-testid="tab-legend">
          {t('map.legend')}
        </button>
      </div>
      {map && (
        <div className="mb-2">
          <FeatureSearch map={map} tree={tree} />
        </div>
      )}
      {tab === 'layers' ? (
        <LayerTree tree={tree} status={status} unsupported={unsupported} editable={editable} onToggle={toggle} onOpacity={setOpacity} onMove={move} onDrop={drop} onEdit={setEditing} onBase={setBase} onArcgisSignIn={arcgisSignIn} />
      ) : (
        <Legend tree={tree} />
      )}
      {editable && (
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className="rounded bg-[var(--primary-fill)] px-3 py-1 text-sm text-white" onClick={() => setAdding(true)} data-testid="add-layer">
            {t('map.addLayer')}
          </button>
          <button type="button" className="rounded border border-[var(--border)] px-3 py-1 text-sm" onClick={() => setSettingsOpen(true)} data-testid="workspace-settings">
            {t('map.settings')}
          </button>
        </div>
      )}
    </>
  );

  return (
    <div className="relative w-full overflow-hidden" style={{ height: 'calc(100dvh - 3.5rem)' }} data-testid="workspace-map" data-mode={mode} data-workspace={ws.id} data-version={ws.version}>
      <div className="absolute top-0 bottom-0 left-0" style={{ right: split && side ? '50%' : 0 }}>
        <div ref={containerRef} data-testid="map" data-map-idle={idle ? 'true' : 'false'} data-camera={cameraAttr} className="h-full w-full" />
      </div>
      {map && split && <SplitMap main={map} tree={tree} right={plugins.splitPanel.right} mode={plugins.splitPanel.mode} arcgisTokens={tokens} onClose={() => setSplit(false)} />}
      <div className="absolute top-2 left-2 z-20 flex max-w-[calc(100%-4rem)] flex-wrap items-center gap-1">
        <h1 className="rounded bg-[var(--surface)] px-2 py-1 text-sm font-semibold shadow" data-testid="workspace-name">
          {ws.name}
        </h1>
        <button type="button" className={btn} aria-pressed={panelOpen} onClick={() => setPanelOpen((o) => !o)} data-testid="toggle-panel">
          {t('map.layers')}
        </button>
        {plugins.elevationWidget.enabled && (
          <button type="button" className={btn} aria-pressed={tool === 'profile'} onClick={() => setTool((t) => (t === 'profile' ? null : 'profile'))} data-testid="tool-profile">
            {t('map.elevation')}
          </button>
        )}
        {plugins.biWidget.enabled && (
          <button type="button" className={btn} aria-pressed={tool === 'bi'} onClick={() => setTool((t) => (t === 'bi' ? null : 'bi'))} data-testid="tool-bi">
            {t('map.bi')}
          </button>
        )}
        {plugins.splitPanel.enabled && (
          <button type="button" className={btn} aria-pressed={split} onClick={() => setSplit((s) => !s)} data-testid="tool-split">
            {t('map.split')}
          </button>
        )}
        {editable && (
          <button type="button" className={btn} onClick={saveView} data-testid="save-view">
            {t('map.saveView')}
          </button>
        )}
        {mode === 'view' && can(ws.role ?? null, 'edit') && (
          <a href={`/workspace/${ws.id}`} className={btn} data-testid="edit-link">
            {t('map.edit')}
          </a>
        )}
      </div>
      {panelOpen &&
        (mobile ? (
          <aside data-testid="layer-sheet" className="fixed inset-x-0 bottom-0 z-30 max-h-[60vh] overflow-y-auto rounded-t-xl bg-[var(--surface)] p-3 shadow-2xl">
            <button type="button" className="mx-auto mb-2 block h-1.5 w-12 rounded bg-[var(--border)]" aria-label="Close layers" onClick={() => setPanelOpen(false)} />
            {panel}
          </aside>
        ) : (
          <aside data-testid="layer-panel" className="absolute top-12 bottom-10 left-2 z-10 w-80 overflow-y-auto rounded bg-[var(--surface)]/95 p-3 shadow-lg">
            {panel}
          </aside>
        ))}
      {mobile && !ws.mobile && <p className="absolute right-2 bottom-8 left-2 z-10 rounded bg-[var(--surface)] p-2 text-xs shadow">{t('map.notMobile')}</p>}
      {map && tool === 'profile' && (
        <div className={`absolute z-20 ${mobile ? 'inset-x-0 bottom-0' : 'right-12 bottom-8 w-[600px] max-w-[calc(100%-4rem)]'}`}>
          <ElevationProfile map={map} profiles={plugins.elevationWidget.profiles} onDrawing={setDrawing} onClose={() => setTool(null)} />
        </div>
      )}
      {map && tool === 'bi' && (
        <div className={`absolute z-20 ${mobile ? 'inset-x-0 bottom-0 h-[50vh]' : 'top-2 right-12 bottom-8 w-[420px] max-w-[calc(100%-4rem)]'}`}>
          <BiWidget map={map} url={plugins.biWidget.url} title={plugins.biWidget.title} onClose={() => setTool(null)} />
        </div>
      )}
      {editable && (
        <>
          <AddLayerDialog open={adding} onClose={() => setAdding(false)} onAdd={addLayer} />
          <EditLayerDialog layer={editing === null ? null : findNode(tree, editing)} onClose={() => setEditing(null)} onSave={saveLayer} onDelete={deleteLayer} />
          <PluginsDialog open={settingsOpen} plugins={plugins} mobile={ws.mobile} layers={flatten(tree).filter((l) => !l.isGroup)} onClose={() => setSettingsOpen(false)} onSave={saveSettings} />
        </>
      )}
    </div>
  );
}
