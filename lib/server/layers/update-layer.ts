import 'server-only';
import type { TLayerPatch } from '@/lib/schemas/layer';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { findVisibleLayer } from './find-layer';
import { requireLayerEdit } from './layer-access';
import { validateLayerRefs } from './validate-layer-refs';

/**
 * Changes a layer's fields and groups (replacing the list); with `version` a
 * stale copy is a 409. 404 when the caller cannot see it, 403 without editLayers.
 */
export async function updateLayer(userId: number, layerId: number, patch: TLayerPatch) {
  const { access } = await requireLayerEdit(userId, layerId);
  const ws = access.workspace;
  await db().$transaction(async (tx) => {
    await validateLayerRefs(tx, ws, patch, layerId);
    const data: Record<string, unknown> = {};
    if (patch.name !== undefined) data.name = patch.name;
    if (patch.parent !== undefined) data.parentId = patch.parent;
    if (patch.isGroup !== undefined) data.isGroup = patch.isGroup;
    if (patch.data_source !== undefined) data.dataSourceId = patch.data_source;
    if (patch.visible !== undefined) data.visible = patch.visible;
    if (patch.template !== undefined) data.template = patch.template || '{}';
    if (patch.opacity !== undefined) data.opacity = patch.opacity;
    const res = await tx.layer.updateMany({
      where: { id: layerId, workspaceId: ws.id, ...(patch.version !== undefined ? { version: patch.version } : {}) },
      data: { ...data, version: { increment: 1 } },
    });
    if (!res.count) throw ApiError.conflict();
    if (patch.user_groups !== undefined) {
      const ids = [...new Set(patch.user_groups)];
      await tx.layerUserGroup.deleteMany({ where: { layerId, userGroupId: { notIn: ids } } });
      await tx.layerUserGroup.createMany({ data: ids.map((userGroupId) => ({ layerId, userGroupId })), skipDuplicates: true });
    }
    await tx.workspace.update({ where: { id: ws.id }, data: { updatedAt: new Date() } });
  });
  return (await findVisibleLayer({ userId, layerId })).layer;
}
