import 'server-only';
import type { TLayerCreate } from '@/lib/schemas/layer';
import { db } from '../db';
import { requireWorkspaceAction } from '../workspaces/resolve-access';
import { findVisibleLayer } from './find-layer';
import { validateLayerRefs } from './validate-layer-refs';

/** Creates a layer (or group) at the end of its parent's list; needs editLayers on the workspace (404 when it cannot be seen, 403 otherwise). */
export async function createLayer(userId: number, body: TLayerCreate) {
  const access = await requireWorkspaceAction({ userId, workspaceId: body.workspace }, 'editLayers');
  const ws = access.workspace;
  const id = await db().$transaction(async (tx) => {
    await validateLayerRefs(tx, ws, body);
    const last = await tx.layer.findFirst({ where: { workspaceId: ws.id, parentId: body.parent ?? null }, orderBy: { position: 'desc' }, select: { position: true } });
    const layer = await tx.layer.create({
      data: {
        workspaceId: ws.id,
        parentId: body.parent ?? null,
        name: body.name,
        isGroup: body.isGroup ?? false,
        dataSourceId: body.data_source ?? null,
        visible: body.visible ?? true,
        template: body.template || '{}',
        opacity: body.opacity ?? 1,
        position: last ? last.position + 1 : 0,
        userGroups: body.user_groups?.length ? { create: [...new Set(body.user_groups)].map((userGroupId) => ({ userGroupId })) } : undefined,
      },
      select: { id: true },
    });
    await tx.workspace.update({ where: { id: ws.id }, data: { updatedAt: new Date() } });
    return layer.id;
  });
  return (await findVisibleLayer({ userId, layerId: id })).layer;
}
