import 'server-only';
import { inviteEmail } from '@/emails/invite';
import { consume, type TRule } from '../auth/rate-limit';
import { config } from '../config';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { log } from '../log';
import { enqueueMail } from '../mail/outbox';
import { requireWorkspaceAction } from '../workspaces/resolve-access';
import type { TWorkspaceInviteWire } from './list-invites';

/** One message whatever the reason, so the answer says nothing about other people's accounts. */
const ALREADY_INVITED = 'This workspace is already shared with this user.';

export const UNKNOWN_INVITEE = 'No active user with this username or e-mail address.';

/** Invite flood guard ([SECURITY] anti-automation): 100 attempts an hour per inviting user, failed ones included. */
export const INVITE_RULE: TRule = { name: 'invite_user', points: 100, duration: 3600 };

/**
 * Shares a workspace with one user, found by username or e-mail (admins of
 * the workspace only: 404/403 otherwise). The invite row and its mail (outbox)
 * are written in one transaction. Unknown, inactive or self → 400 on `user`;
 * an existing invite → 400 as well; over 100 attempts an hour → 429.
 */
export async function createInvite(userId: number, input: { workspace: number; user: string }): Promise<TWorkspaceInviteWire> {
  const access = await requireWorkspaceAction({ userId, workspaceId: input.workspace }, 'manageInvites');
  await consume(INVITE_RULE, String(userId));
  const who = input.user.trim();
  const invitee = await db().user.findFirst({
    where: { isActive: true, OR: [{ username: who }, { email: { equals: who, mode: 'insensitive' } }] },
    select: { id: true, username: true, email: true },
    orderBy: { id: 'asc' },
  });
  if (!invitee || invitee.id === userId) throw ApiError.field('user', UNKNOWN_INVITEE);
  const inviter = await db().user.findUniqueOrThrow({ where: { id: userId }, select: { username: true } });
  const site = await db().site.findFirst({ where: { isDefault: true }, select: { title: true } });
  const url = `${new URL(config().APP_URL).origin}/workspace/view/${access.workspace.id}`;
  const created = await db().$transaction(async (tx) => {
    const existing = await tx.invite.count({ where: { workspaceId: access.workspace.id, userId: invitee.id } });
    if (existing) throw ApiError.field('user', ALREADY_INVITED);
    const row = await tx.invite.create({
      data: { workspaceId: access.workspace.id, userId: invitee.id, invitedById: userId },
      select: { id: true, createdAt: true, workspace: { select: { id: true, name: true } } },
    });
    const mail = inviteEmail({ siteName: site?.title || 'Mapspace', inviter: inviter.username, workspace: row.workspace.name, url });
    await enqueueMail(tx, 'invite', { to: invitee.email, ...mail });
    return row;
  }).catch((err: unknown) => {
    // Two admins inviting the same user at once: the unique index decides, the loser gets the same 400.
    if ((err as { code?: string }).code === 'P2002') throw ApiError.field('user', ALREADY_INVITED);
    throw err;
  });
  log.info('invite.created', { inviteId: created.id, workspaceId: access.workspace.id });
  return { id: created.id, workspace: created.workspace, user: invitee, created: created.createdAt.toISOString() };
}
