import 'server-only';
import { can, type TWorkspaceAction, type TWorkspaceRole } from '@/lib/rights';
import { sha256 } from '../crypto';
import { db } from '../db';
import { ApiError } from '../http/errors';

/**
 * The caller's role on a workspace: admin (workspace admin or admin of its
 * account), editor, viewer (invitee or account member), or public (a valid
 * share token, no user needed). A workspace the caller cannot see is a 404,
 * exactly like one that does not exist.
 */
export type TWorkspaceAccess = {
  role: TWorkspaceRole;
  userId: number | null;
  workspace: { id: number; accountId: number; adminId: number; name: string };
  shareLinkId: number | null;
};

export async function resolveWorkspaceAccess(opts: { userId: number | null; workspaceId: number; shareToken?: string | null }): Promise<TWorkspaceAccess> {
  const { userId, workspaceId, shareToken } = opts;
  const base = { id: true, accountId: true, adminId: true, name: true } as const;
  if (userId !== null) {
    // One statement (relationJoins): the workspace with the caller's own rows in each role relation.
    const ws = await db().workspace.findUnique({
      where: { id: workspaceId },
      select: {
        ...base,
        account: { select: { adminId: true, members: { where: { userId }, select: { role: true } } } },
        editors: { where: { userId }, select: { id: true } },
        invites: { where: { userId }, select: { id: true } },
      },
    });
    if (ws) {
      const workspace = { id: ws.id, accountId: ws.accountId, adminId: ws.adminId, name: ws.name };
      const role = roleFromRelations(userId, ws);
      if (role) return { role, userId, workspace, shareLinkId: null };
    }
  }
  if (shareToken) {
    const link = await findValidShareLink(workspaceId, shareToken);
    if (link) return { role: 'public', userId: null, workspace: link.workspace, shareLinkId: link.id };
  }
  throw ApiError.notFound();
}

/**
 * The rights table's role from the caller's rows: workspace or account admin
 * (or an account member with role admin) → admin; editor row → editor;
 * invite or any account membership → viewer; else none.
 */
export function roleFromRelations(
  userId: number,
  ws: { adminId: number; account: { adminId: number; members: { role: string }[] }; editors: unknown[]; invites: unknown[] },
): TWorkspaceRole | null {
  if (ws.adminId === userId || ws.account.adminId === userId || ws.account.members.some((m) => m.role === 'admin')) return 'admin';
  if (ws.editors.length) return 'editor';
  if (ws.invites.length || ws.account.members.length) return 'viewer';
  return null;
}

/** A share link for this workspace that is neither revoked nor expired, or null. */
export async function findValidShareLink(workspaceId: number, token: string) {
  if (token.length < 16 || token.length > 200) return null;
  const link = await db().shareLink.findUnique({
    where: { tokenHash: sha256(token) },
    select: { id: true, workspaceId: true, revokedAt: true, expiresAt: true, workspace: { select: { id: true, accountId: true, adminId: true, name: true } } },
  });
  if (!link || link.workspaceId !== workspaceId || link.revokedAt) return null;
  if (link.expiresAt && link.expiresAt.getTime() <= Date.now()) return null;
  return link;
}

/** Resolves access and checks one action of the rights table; 404 when the caller cannot even view. */
export async function requireWorkspaceAction(
  opts: { userId: number | null; workspaceId: number; shareToken?: string | null },
  action: TWorkspaceAction,
): Promise<TWorkspaceAccess> {
  const access = await resolveWorkspaceAccess(opts);
  if (!can(access.role, action)) throw ApiError.forbidden();
  return access;
}
