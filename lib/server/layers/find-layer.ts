import 'server-only';
import type { TLayerWire } from '@/lib/wire-types';
import { sha256 } from '../crypto';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { workspaceViewScope } from '../tenancy';
import { resolveWorkspaceAccess, type TWorkspaceAccess } from '../workspaces/resolve-access';
import { listVisibleLayers } from './list-visible-layers';

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
 */
export async function findVisibleLayer(opts: { userId: number | null; layerId: number; shareToken?: string | null }): Promise<{ access: TWorkspaceAccess; layer: TLayerWire }> {
  const { userId, layerId, shareToken } = opts;
  const or = [
    ...(userId !== null ? [{ workspace: workspaceViewScope(userId) }] : []),
    ...(shareToken && shareToken.length <= 200 ? [{ workspace: { shareLinks: { some: { tokenHash: sha256(shareToken) } } } }] : []),
  ];
  if (!or.length) throw ApiError.notFound();
  const row = await db().layer.findFirst({ where: { id: layerId, OR: or }, select: { workspaceId: true } });
  if (!row) throw ApiError.notFound();
  const access = await resolveWorkspaceAccess({ userId, workspaceId: row.workspaceId, shareToken });
  const layer = findInTree(await listVisibleLayers(access, { shareToken: access.role === 'public' ? shareToken : null }), layerId);
  if (!layer) throw ApiError.notFound();
  return { access, layer };
}
