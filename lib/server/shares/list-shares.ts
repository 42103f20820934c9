import 'server-only';
import { db } from '../db';
import { requireWorkspaceAction } from '../workspaces/resolve-access';
import { SHARE_SELECT, serializeShare, type TShareLinkWire } from './serialize-share';

/** The share links of a workspace, newest first; admins only (404/403 through the rights table). */
export async function listShareLinks(userId: number, workspaceId: number): Promise<TShareLinkWire[]> {
  await requireWorkspaceAction({ userId, workspaceId }, 'manageShares');
  const rows = await db().shareLink.findMany({ where: { workspaceId }, select: SHARE_SELECT, orderBy: { id: 'desc' } });
  return rows.map((r) => serializeShare(r));
}
