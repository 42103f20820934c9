import 'server-only';
import { decode } from 'next-auth/jwt';
import { config } from '../config';
import { randomToken, sha256 } from '../crypto';
import { db, type TTx } from '../db';

/**
 * Browser sessions. next-auth issues the (encrypted, httpOnly) cookie; inside
 * it sits a random session id whose sha256 is a row here, so logout, password
 * change, reset and account deletion revoke a session at once, on every
 * instance. Lifetimes: absolute 12 h, idle 4 h (README, Security).
 */
export const SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60;
export const SESSION_IDLE_SECONDS = 4 * 60 * 60;
const TOUCH_EVERY_MS = 60_000;

export function isSecureDeployment() {
  return config().APP_URL.startsWith('https://');
}

/** `__Host-` prefixed (Secure, Path=/, no Domain) where the site runs on https. */
export function sessionCookieName() {
  return isSecureDeployment() ? '__Host-mapspace.session' : 'mapspace.session';
}

/** Creates a session row for `userId`; returns the raw id that goes into the cookie. */
export async function createSession(userId: number, userAgent = '', tx?: TTx): Promise<string> {
  const raw = randomToken(32);
  await (tx ?? db()).session.create({
    data: {
      tokenHash: sha256(raw),
      userId,
      userAgent: userAgent.slice(0, 255),
      expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_SECONDS * 1000),
    },
  });
  return raw;
}

export type TSessionUser = { id: number; username: string; email: string; isActive: boolean };

/** The user behind a raw session id, or null when unknown, expired, idle too long or inactive. */
export async function resolveSession(raw: string): Promise<{ user: TSessionUser; sessionId: number } | null> {
  const row = await db().session.findUnique({
    where: { tokenHash: sha256(raw) },
    select: {
      id: true,
      expiresAt: true,
      lastSeenAt: true,
      user: { select: { id: true, username: true, email: true, isActive: true } },
    },
  });
  if (!row) return null;
  const now = Date.now();
  if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + SESSION_IDLE_SECONDS * 1000 <= now || !row.user.isActive) {
    await db().session.deleteMany({ where: { id: row.id } });
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db().session.updateMany({ where: { id: row.id }, data: { lastSeenAt: new Date(now) } });
  }
  return { user: row.user, sessionId: row.id };
}

/** The raw session id inside a next-auth cookie value, or null. */
export async function sessionIdFromCookie(cookieValue: string | undefined): Promise<string | null> {
  if (!cookieValue) return null;
  try {
    const token = await decode({ token: cookieValue, secret: config().AUTH_SECRET });
    return typeof token?.sid === 'string' ? token.sid : null;
  } catch {
    return null;
  }
}

export async function deleteSession(raw: string) {
  await db().session.deleteMany({ where: { tokenHash: sha256(raw) } });
}

/** Ends every session and API token of a user except the ones named (password change/reset). */
export async function revokeUserCredentials(
  userId: number,
  keep: { sessionId?: number; apiTokenHash?: string } = {},
  tx?: TTx,
) {
  const client = tx ?? db();
  await client.session.deleteMany({ where: { userId, ...(keep.sessionId ? { id: { not: keep.sessionId } } : {}) } });
  await client.apiToken.deleteMany({ where: { userId, ...(keep.apiTokenHash ? { keyHash: { not: keep.apiTokenHash } } : {}) } });
}
