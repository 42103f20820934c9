import 'server-only';
import type { TLayerReorder } from '@/lib/schemas/layer';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { requireWorkspaceAction } from '../workspaces/resolve-access';
import { listVisibleLayers } from './list-visible-layers';

/**
 * Moves layers of one workspace (parent and position per id) in one
 * transaction; every id and parent must be a layer of that workspace and the
 * result must stay a tree. Needs editLayers (404 / 403).
 */
export async function reorderLayers(userId: number, body: TLayerReorder) {
  const access = await requireWorkspaceAction({ userId, workspaceId: body.workspace }, 'editLayers');
  const wsId = access.workspace.id;
  await db().$transaction(async (tx) => {
    const rows = await tx.layer.findMany({ where: { workspaceId: wsId }, select: { id: true, parentId: true } });
    const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
    for (const o of body.order) {
      if (!parentOf.has(o.id)) throw ApiError.fields({ order: [`Invalid pk "${o.id}" - object does not exist.`] });
      if (o.parent != null && !parentOf.has(o.parent)) throw ApiError.fields({ order: [`Invalid pk "${o.parent}" - object does not exist.`] });
      if (o.parent !== undefined) parentOf.set(o.id, o.parent ?? null);
    }
    for (const start of parentOf.keys()) {
      let cur = parentOf.get(start) ?? null;
      for (let i = 0; cur !== null; i++) {
        if (cur === start || i > rows.length) throw ApiError.fields({ order: ['A layer cannot be placed inside itself.'] });
        cur = parentOf.get(cur) ?? null;
      }
    }
    for (const o of body.order) {
      await tx.layer.update({
        where: { id: o.id },
        data: { position: o.position, ...(o.parent !== undefined ? { parentId: o.parent ?? null } : {}), version: { increment: 1 } },
      });
    }
    await tx.workspace.update({ where: { id: wsId }, data: { updatedAt: new Date() } });
  });
  return listVisibleLayers(access);
}
