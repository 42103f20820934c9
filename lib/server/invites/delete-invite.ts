import 'server-only';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { log } from '../log';
import { workspaceAdminScope } from '../tenancy';

/** Removes an invite: the workspace's admin or the invitee themself; anyone else (and a second delete) gets 404. */
export async function deleteInvite(userId: number, inviteId: number): Promise<void> {
  const res = await db().invite.deleteMany({
    where: { id: inviteId, OR: [{ userId }, { workspace: workspaceAdminScope(userId) }] },
  });
  if (res.count === 0) throw ApiError.notFound();
  log.info('invite.deleted', { inviteId });
}
