import 'server-only';
import { randomToken, sha256 } from '../crypto';
import { db, type TTx } from '../db';

/**
 * Single-use link tokens for activation and password reset: 256 random bits,
 * only the sha256 stored, valid 3 days (Django's PASSWORD_RESET_TIMEOUT).
 */
export type TUserTokenPurpose = 'activation' | 'reset';
export const USER_TOKEN_SECONDS = 3 * 24 * 60 * 60;

/** Creates a token row for `userId` inside `tx`; returns the raw token for the mail link. */
export async function issueUserToken(tx: TTx, userId: number, purpose: TUserTokenPurpose): Promise<string> {
  const raw = randomToken(32);
  await tx.userToken.create({
    data: { userId, purpose, tokenHash: sha256(raw), expiresAt: new Date(Date.now() + USER_TOKEN_SECONDS * 1000) },
  });
  return raw;
}

/** The token row of `userId` for a raw token (used or not), or null when unknown, foreign or expired. */
export async function findUserToken(userId: number, purpose: TUserTokenPurpose, raw: string, tx?: TTx) {
  if (!raw || raw.length > 200) return null;
  const row = await (tx ?? db()).userToken.findUnique({ where: { tokenHash: sha256(raw) } });
  if (!row || row.userId !== userId || row.purpose !== purpose || row.expiresAt.getTime() <= Date.now()) return null;
  return row;
}

/** Marks the token used if it still is unused and unexpired; true for exactly one caller. */
export async function consumeUserToken(tx: TTx, userId: number, purpose: TUserTokenPurpose, raw: string): Promise<boolean> {
  const res = await tx.userToken.updateMany({
    where: { userId, purpose, tokenHash: sha256(raw), usedAt: null, expiresAt: { gt: new Date() } },
    data: { usedAt: new Date() },
  });
  return res.count === 1;
}
