import 'server-only';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { log } from '../log';
import { requireWorkspaceAction } from '../workspaces/resolve-access';

/** Revokes a share link of the workspace (admins only); revoking twice is a no-op, a link of another workspace is a 404. */
export async function revokeShareLink(userId: number, workspaceId: number, shareId: number): Promise<void> {
  await requireWorkspaceAction({ userId, workspaceId }, 'manageShares');
  const link = await db().shareLink.findFirst({ where: { id: shareId, workspaceId }, select: { id: true, revokedAt: true } });
  if (!link) throw ApiError.notFound();
  if (!link.revokedAt) await db().shareLink.updateMany({ where: { id: shareId, workspaceId, revokedAt: null }, data: { revokedAt: new Date() } });
  log.info('share_link.revoked', { shareLinkId: shareId, workspaceId });
}
