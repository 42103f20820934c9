import 'server-only';
import { randomHex, sha256 } from '../crypto';
import { db, type TTx } from '../db';
import type { TSessionUser } from './session';

/** Issues a new API token (40 lowercase hex, like DRF's authtoken) for `userId`; stores only its sha256. */
export async function createApiToken(userId: number, tx?: TTx): Promise<string> {
  const key = randomHex(20);
  await (tx ?? db()).apiToken.create({ data: { keyHash: sha256(key), userId } });
  return key;
}

/** The user behind a token key, or null when unknown. */
export async function resolveApiToken(key: string): Promise<{ user: TSessionUser; tokenHash: string } | null> {
  const tokenHash = sha256(key);
  const row = await db().apiToken.findUnique({
    where: { keyHash: tokenHash },
    select: { user: { select: { id: true, username: true, email: true, isActive: true } } },
  });
  return row ? { user: row.user, tokenHash } : null;
}

export async function deleteApiToken(tokenHash: string) {
  await db().apiToken.deleteMany({ where: { keyHash: tokenHash } });
}
