import 'server-only';
import type { TWorkspaceWire } from '@/lib/wire-types';
import { db } from '../db';
import { log } from '../log';
import { requireWorkspaceAction } from './resolve-access';
import { serializeWorkspace, workspaceSelect } from './serialize-workspace';

const COPY_SUFFIX = ' (copy)';

/**
 * Copies a workspace the caller administers ([R7.26]): settings, plan and
 * the whole layer tree with its user-group links, in one transaction. Share
 * links, invites and editors are never copied. The caller administers the copy.
 */
export async function cloneWorkspace(userId: number, workspaceId: number): Promise<TWorkspaceWire> {
  await requireWorkspaceAction({ userId, workspaceId }, 'clone');
  const id = await db().$transaction(async (tx) => {
    const src = await tx.workspace.findUniqueOrThrow({ where: { id: workspaceId } });
    const copy = await tx.workspace.create({
      data: {
        name: src.name.slice(0, 255 - COPY_SUFFIX.length) + COPY_SUFFIX,
        description: src.description,
        adminId: userId,
        accountId: src.accountId,
        planId: src.planId,
        camera: src.camera,
        workspacePlugins: src.workspacePlugins,
        mobile: src.mobile,
      },
      select: { id: true },
    });
    const layers = await tx.layer.findMany({
      where: { workspaceId },
      orderBy: [{ parentId: { sort: 'asc', nulls: 'first' } }, { id: 'asc' }],
      include: { userGroups: { select: { userGroupId: true } } },
    });
    const newId = new Map<number, number>();
    let pending = layers;
    while (pending.length) {
      const next: typeof layers = [];
      for (const l of pending) {
        if (l.parentId !== null && !newId.has(l.parentId)) {
          next.push(l);
          continue;
        }
        const created = await tx.layer.create({
          data: {
            workspaceId: copy.id,
            parentId: l.parentId === null ? null : newId.get(l.parentId)!,
            name: l.name,
            visible: l.visible,
            isGroup: l.isGroup,
            dataSourceId: l.dataSourceId,
            template: l.template,
            opacity: l.opacity,
            position: l.position,
            userGroups: { create: l.userGroups.map((g) => ({ userGroupId: g.userGroupId })) },
          },
          select: { id: true },
        });
        newId.set(l.id, created.id);
      }
      if (next.length === pending.length) break; // orphans (a parent cycle cannot exist with FKs, but never loop forever)
      pending = next;
    }
    return copy.id;
  });
  log.info('workspace.cloned', { workspaceId, cloneId: id });
  const row = await db().workspace.findUniqueOrThrow({ where: { id }, select: workspaceSelect(userId) });
  return serializeWorkspace(row, 'admin');
}
