import 'server-only';
import { db } from '../db';
import { requireLayerEdit } from './layer-access';

/** Deletes a layer and everything under it; 404 when the caller cannot see it, 403 without editLayers. */
export async function deleteLayer(userId: number, layerId: number) {
  const { access } = await requireLayerEdit(userId, layerId);
  await db().layer.deleteMany({ where: { id: layerId, workspaceId: access.workspace.id } });
}
