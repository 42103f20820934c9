import 'server-only';
import type { TInviteWire } from '@/lib/wire-types';
import { db } from '../db';
import { requireWorkspaceAction } from '../workspaces/resolve-access';

/** Workspaces shared with the user ([R7.31], [R3.08]): only their own invites, newest workspace name order. */
export async function listInvitesForUser(userId: number): Promise<TInviteWire[]> {
  const rows = await db().invite.findMany({
    where: { userId },
    select: { id: true, workspace: { select: { id: true, name: true } } },
    orderBy: { id: 'asc' },
  });
  return rows.map((r) => ({ id: r.id, workspace: { id: r.workspace.id, name: r.workspace.name } }));
}

export type TWorkspaceInviteWire = TInviteWire & { user: { id: number; username: string; email: string }; created: string };

/** The invites of one workspace, for its admin (the sharing panel); 404/403 through the rights table. */
export async function listInvitesOfWorkspace(userId: number, workspaceId: number): Promise<TWorkspaceInviteWire[]> {
  await requireWorkspaceAction({ userId, workspaceId }, 'manageInvites');
  const rows = await db().invite.findMany({
    where: { workspaceId },
    select: { id: true, createdAt: true, workspace: { select: { id: true, name: true } }, user: { select: { id: true, username: true, email: true } } },
    orderBy: { id: 'asc' },
  });
  return rows.map((r) => ({ id: r.id, workspace: r.workspace, user: r.user, created: r.createdAt.toISOString() }));
}
