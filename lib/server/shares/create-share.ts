import 'server-only';
import { config } from '../config';
import { randomToken, sha256 } from '../crypto';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { log } from '../log';
import { requireWorkspaceAction } from '../workspaces/resolve-access';
import { SHARE_SELECT, serializeShare, type TShareLinkWire } from './serialize-share';

export type TCreatedShareLink = TShareLinkWire & { token: string; url: string };

/**
 * Creates a public share link (admins only): a 256-bit random token, stored
 * as sha256 and answered once, with an optional label and expiry (must lie
 * in the future). The URL is built on the configured origin, never the Host header.
 */
export async function createShareLink(userId: number, workspaceId: number, input: { label?: string; expires_at?: string | null }): Promise<TCreatedShareLink> {
  await requireWorkspaceAction({ userId, workspaceId }, 'manageShares');
  const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw ApiError.field('expires_at', 'The expiry date must lie in the future.');
  const token = randomToken(32);
  const row = await db().shareLink.create({
    data: { workspaceId, tokenHash: sha256(token), label: input.label ?? '', expiresAt, createdById: userId },
    select: SHARE_SELECT,
  });
  log.info('share_link.created', { shareLinkId: row.id, workspaceId });
  return { ...serializeShare(row), token, url: `${new URL(config().APP_URL).origin}/workspace/share/${workspaceId}/${token}` };
}
