import 'server-only';
import { sha256 } from '../crypto';
import { db } from '../db';

/** A share link (neither revoked nor expired) by its token alone, or null. */
export async function findValidShareLinkByToken(token: string) {
  if (token.length < 16 || token.length > 200) return null;
  const link = await db().shareLink.findFirst({
    where: { tokenHash: sha256(token), revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
    select: { id: true, workspaceId: true },
  });
  return link;
}
