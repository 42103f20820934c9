import 'server-only';
import type { TTx } from '../db';
import { ApiError, type TFieldErrors } from '../http/errors';

/**
 * Checks the ids a layer write refers to belong to the same workspace /
 * account: parent (a layer of the workspace, not the layer itself or below
 * it), data_source and user_groups (of the workspace's account). A foreign id
 * reads as DRF's "Invalid pk" field error, like a missing one.
 */
export async function validateLayerRefs(
  tx: TTx,
  ws: { id: number; accountId: number },
  refs: { parent?: number | null; data_source?: number | null; user_groups?: number[] },
  selfId?: number,
) {
  const errors: TFieldErrors = {};
  if (refs.parent != null) {
    const parent = await tx.layer.findFirst({ where: { id: refs.parent, workspaceId: ws.id }, select: { id: true } });
    if (!parent) errors.parent = [`Invalid pk "${refs.parent}" - object does not exist.`];
    else if (selfId !== undefined && (await isSelfOrDescendant(tx, ws.id, selfId, refs.parent))) errors.parent = ['A layer cannot be placed inside itself.'];
  }
  if (refs.data_source != null) {
    const ds = await tx.dataSource.findFirst({ where: { id: refs.data_source, accountId: ws.accountId }, select: { id: true } });
    if (!ds) errors.data_source = [`Invalid pk "${refs.data_source}" - object does not exist.`];
  }
  if (refs.user_groups?.length) {
    const ids = [...new Set(refs.user_groups)];
    const found = await tx.userGroup.findMany({ where: { id: { in: ids }, accountId: ws.accountId }, select: { id: true } });
    const ok = new Set(found.map((g) => g.id));
    const bad = ids.find((id) => !ok.has(id));
    if (bad !== undefined) errors.user_groups = [`Invalid pk "${bad}" - object does not exist.`];
  }
  if (Object.keys(errors).length) throw ApiError.fields(errors);
}

/** Whether `candidate` is `selfId` or one of its descendants (one query for the workspace's tree). */
export async function isSelfOrDescendant(tx: TTx, workspaceId: number, selfId: number, candidate: number) {
  const rows = await tx.layer.findMany({ where: { workspaceId }, select: { id: true, parentId: true } });
  const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
  let cur: number | null | undefined = candidate;
  for (let i = 0; cur != null && i <= rows.length; i++) {
    if (cur === selfId) return true;
    cur = parentOf.get(cur);
  }
  return false;
}
