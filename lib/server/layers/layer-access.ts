import 'server-only';
import { can } from '@/lib/rights';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { workspaceViewScope } from '../tenancy';
import { resolveWorkspaceAccess, type TWorkspaceAccess } from '../workspaces/resolve-access';
import { findVisibleLayer } from './find-layer';

/**
 * Access for a write to layer `layerId`: 404 when the caller cannot see the
 * layer (missing, foreign workspace, or group-restricted — itself or a
 * parent — and not a member),
 * 403 when they see it but may not edit layers.
 */
export async function requireLayerEdit(userId: number, layerId: number): Promise<{ access: TWorkspaceAccess; layer: { id: number; workspaceId: number; parentId: number | null; version: number } }> {
  const layer = await db().layer.findFirst({
    where: { id: layerId, workspace: workspaceViewScope(userId) },
    select: { id: true, workspaceId: true, parentId: true, version: true },
  });
  if (!layer) throw ApiError.notFound();
  const access = await resolveWorkspaceAccess({ userId, workspaceId: layer.workspaceId });
  if (can(access.role, 'editLayers')) return { access, layer };
  const visible = await findVisibleLayer({ userId, layerId }).then(
    () => true,
    () => false,
  );
  throw visible ? ApiError.forbidden() : ApiError.notFound();
}
