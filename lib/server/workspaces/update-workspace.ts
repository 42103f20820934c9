import 'server-only';
import type { TWorkspaceUpdate } from '@/lib/schemas/tenancy';
import type { TWorkspaceWire } from '@/lib/wire-types';
import { can } from '@/lib/rights';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { requireWorkspaceAction } from './resolve-access';
import { roleOf, serializeWorkspace, workspaceSelect } from './serialize-workspace';

/**
 * Updates a workspace's settings (name, description, camera, plugins,
 * mobile) for admins and editors; the editor list only for admins (an
 * editor sending `editors` gets 403). Optimistic concurrency: when a
 * `version` is given (body or If-Match) it must be the current one, else 409;
 * every success increments the version. 404 for callers who cannot see it.
 */
export async function updateWorkspace(userId: number, workspaceId: number, input: TWorkspaceUpdate, expectedVersion?: number): Promise<TWorkspaceWire> {
  const access = await requireWorkspaceAction({ userId, workspaceId }, 'edit');
  if (input.editors !== undefined && !can(access.role, 'manageEditors')) throw ApiError.forbidden();
  const editors = input.editors ? [...new Set(input.editors)] : undefined;
  if (editors?.length) {
    const found = await db().user.findMany({ where: { id: { in: editors }, isActive: true }, select: { id: true } });
    const missing = editors.find((id) => !found.some((u) => u.id === id));
    if (missing !== undefined) throw ApiError.field('editors', `Invalid pk "${missing}" - object does not exist.`);
  }
  const version = expectedVersion ?? input.version;
  await db().$transaction(async (tx) => {
    const res = await tx.workspace.updateMany({
      where: { id: workspaceId, ...(version !== undefined && { version }) },
      data: {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.camera !== undefined && { camera: input.camera }),
        ...(input.workspacePlugins !== undefined && { workspacePlugins: input.workspacePlugins }),
        ...(input.mobile !== undefined && { mobile: input.mobile }),
        version: { increment: 1 },
      },
    });
    if (res.count === 0) {
      const exists = await tx.workspace.count({ where: { id: workspaceId } });
      throw exists ? ApiError.conflict() : ApiError.notFound();
    }
    if (editors) {
      await tx.workspaceEditor.deleteMany({ where: { workspaceId, userId: { notIn: editors } } });
      await tx.workspaceEditor.createMany({ data: editors.map((id) => ({ workspaceId, userId: id })), skipDuplicates: true });
    }
  });
  const row = await db().workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: workspaceSelect(userId) });
  return serializeWorkspace(row, roleOf(row, userId));
}
