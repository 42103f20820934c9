import 'server-only';
import type { TLayerWire } from '@/lib/wire-types';
import { can } from '@/lib/rights';
import { tiledSource } from '@/lib/map-tiles';
import { db } from '../db';
import { layerVisibleScope } from '../tenancy';
import type { TWorkspaceAccess } from '../workspaces/resolve-access';
import { boundsFor, tileCacheKey, tilesUrl } from './tile-urls';

/** What the server needs of a visible layer's data source beyond its wire form (never sent out). */
export type TLayerSourceRow = { id: number; filePath: string | null; settings: unknown; updatedAt: Date; type: { code: string } | null };

/**
 * The layer tree of a workspace as the caller may see it. Group-restricted
 * layers (and everything under them) are filtered out in the query for
 * viewers and share-token holders: for them those layers do not exist.
 * One query whatever the number of layers.
 */
export async function listVisibleLayers(access: TWorkspaceAccess, opts: { shareToken?: string | null } = {}): Promise<TLayerWire[]> {
  return (await listVisibleLayerTree(access, opts)).roots;
}

/** The same tree, with each visible layer's data source row by layer id (for the data and tile routes). */
export async function listVisibleLayerTree(access: TWorkspaceAccess, opts: { shareToken?: string | null } = {}): Promise<{ roots: TLayerWire[]; sources: Map<number, TLayerSourceRow> }> {
  const seeAll = can(access.role, 'viewRestrictedLayers');
  const rows = await db().layer.findMany({
    where: {
      workspaceId: access.workspace.id,
      ...(seeAll ? {} : layerVisibleScope(access.role === 'public' ? null : access.userId)),
    },
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
    select: {
      id: true,
      name: true,
      visible: true,
      isGroup: true,
      dataSourceId: true,
      template: true,
      opacity: true,
      position: true,
      parentId: true,
      workspaceId: true,
      version: true,
      userGroups: { select: { userGroupId: true } },
      dataSource: {
        select: { id: true, name: true, typeId: true, settings: true, filePath: true, bbox: true, featureCount: true, updatedAt: true, type: { select: { code: true } } },
      },
    },
  });
  const tokenQuery = opts.shareToken ? `?token=${encodeURIComponent(opts.shareToken)}` : '';
  const byId = new Map<number, TLayerWire>();
  const sources = new Map<number, TLayerSourceRow>();
  for (const r of rows) {
    const ds = r.dataSource;
    if (ds) sources.set(r.id, ds);
    const tiled = ds !== null && tiledSource(ds.type?.code, ds.filePath, ds.settings);
    byId.set(r.id, {
      id: r.id,
      name: r.name,
      visible: r.visible,
      data_source: r.dataSourceId,
      source: ds
        ? {
            id: ds.id,
            name: ds.name,
            type: ds.typeId,
            type_code: ds.type?.code ?? null,
            settings: (ds.settings ?? {}) as Record<string, unknown>,
            data_url: ds.filePath ? `/api/layers/${r.id}/data${tokenQuery}` : null,
            // GeoJSON is drawn from vector tiles the app cuts (layer-tiles.ts); v= changes with the data source.
            tiles_url: tiled ? tilesUrl(r.id, ds.updatedAt.getTime().toString(36), opts.shareToken) : null,
            // A URL source's bounds when this process tiled it lately (fewer tile requests), see tile-urls.ts.
            bbox: ds.bbox.length === 4 ? ds.bbox : tiled ? boundsFor(tileCacheKey(ds)) : null,
            feature_count: ds.featureCount,
          }
        : null,
      template: r.template,
      layers: [],
      isGroup: r.isGroup,
      isLoading: false,
      error: null,
      level: 0,
      baselayer: r.name.includes('baseLayer'),
      opacity: r.opacity,
      position: r.position,
      parent: r.parentId,
      workspace: r.workspaceId,
      user_groups: seeAll ? r.userGroups.map((g) => g.userGroupId) : [],
      version: r.version,
    });
  }
  const roots: TLayerWire[] = [];
  for (const layer of byId.values()) {
    if (layer.parent === null) roots.push(layer);
    else byId.get(layer.parent)?.layers.push(layer); // a parent the caller cannot see hides its children
  }
  const setLevel = (list: TLayerWire[], level: number) => {
    for (const l of list) {
      l.level = level;
      setLevel(l.layers, level + 1);
    }
  };
  setLevel(roots, 0);
  return { roots, sources };
}
