import 'server-only';
import type { TLayerWire } from '@/lib/wire-types';
import { sha256 } from '../crypto';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { workspaceViewScope } from '../tenancy';
import { resolveWorkspaceAccess, type TWorkspaceAccess } from '../workspaces/resolve-access';
import { listVisibleLayerTree, type TLayerSourceRow } from './list-visible-layers';

/** Depth-first search of a layer tree. */
export function findInTree(list: TLayerWire[], id: number): TLayerWire | null {
  for (const l of list) {
    if (l.id === id) return l;
    const hit = findInTree(l.layers, id);
    if (hit) return hit;
  }
  return null;
}

/**
 * A layer the caller may see (as a member of its workspace or with a share
 * token for it), with the caller's access. Restricted layers the caller may
 * not see — and layers under them — are a 404 exactly like missing ones.
 * `dataSource` is the layer's data source row (server use only), from the same query.
 */
export async function findVisibleLayer(opts: {
  userId: number | null;
  layerId: number;
  shareToken?: string | null;
}): Promise<{ access: TWorkspaceAccess; layer: TLayerWire; dataSource: TLayerSourceRow | null }> {
  const { userId, layerId, shareToken } = opts;
  const or = [
    ...(userId !== null ? [{ workspace: workspaceViewScope(userId) }] : []),
    ...(shareToken && shareToken.length <= 200 ? [{ workspace: { shareLinks: { some: { tokenHash: sha256(shareToken) } } } }] : []),
  ];
  if (!or.length) throw ApiError.notFound();
  const row = await db().layer.findFirst({ where: { id: layerId, OR: or }, select: { workspaceId: true } });
  if (!row) throw ApiError.notFound();
  const access = await resolveWorkspaceAccess({ userId, workspaceId: row.workspaceId, shareToken });
  const { roots, sources } = await listVisibleLayerTree(access, { shareToken: access.role === 'public' ? shareToken : null });
  const layer = findInTree(roots, layerId);
  if (!layer) throw ApiError.notFound();
  return { access, layer, dataSource: sources.get(layerId) ?? null };
}
