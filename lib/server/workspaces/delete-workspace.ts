import 'server-only';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { log } from '../log';
import { workspaceAdminScope } from '../tenancy';
import { requireWorkspaceAction } from './resolve-access';

/** Deletes a workspace with its layers, invites and share links; admins only (403 for editors/viewers, 404 when not visible or already gone). */
export async function deleteWorkspace(userId: number, workspaceId: number): Promise<void> {
  await requireWorkspaceAction({ userId, workspaceId }, 'delete');
  const res = await db().workspace.deleteMany({ where: { id: workspaceId, ...workspaceAdminScope(userId) } });
  if (res.count === 0) throw ApiError.notFound();
  log.info('workspace.deleted', { workspaceId });
}
