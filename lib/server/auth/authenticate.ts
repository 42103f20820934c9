import 'server-only';
import type { NextRequest } from 'next/server';
import { ApiError } from '../http/errors';
import { resolveApiToken } from './api-tokens';
import { resolveSession, sessionCookieName, sessionIdFromCookie, type TSessionUser } from './session';

export type TAuth =
  | { via: 'token'; user: TSessionUser; tokenHash: string }
  | { via: 'session'; user: TSessionUser; sessionId: number; sessionRaw: string };

/**
 * DRF's TokenAuthentication, then the browser session (API.md §2.1): a
 * malformed or unknown `Authorization: Token` is a 401 even on open routes;
 * any other scheme abstains.
 */
export async function authenticate(req: NextRequest): Promise<TAuth | null> {
  const header = req.headers.get('authorization');
  if (header) {
    const parts = header.trim().split(/\s+/);
    if (parts[0].toLowerCase() === 'token') {
      if (parts.length === 1) throw ApiError.unauthenticated('Invalid token header. No credentials provided.');
      if (parts.length > 2) throw ApiError.unauthenticated('Invalid token header. Token string should not contain spaces.');
      if (!/^[\x20-\x7e]+$/.test(parts[1])) {
        throw ApiError.unauthenticated('Invalid token header. Token string should not contain invalid characters.');
      }
      const found = /^[0-9a-f]{40}$/.test(parts[1]) ? await resolveApiToken(parts[1]) : null;
      if (!found) throw ApiError.unauthenticated('Invalid token.');
      if (!found.user.isActive) throw ApiError.unauthenticated('User inactive or deleted.');
      return { via: 'token', user: found.user, tokenHash: found.tokenHash };
    }
  }
  return authenticateCookie(req.cookies.get(sessionCookieName())?.value);
}

/** The session behind a cookie value (also used by proxy.ts and server components). */
export async function authenticateCookie(cookieValue: string | undefined): Promise<TAuth | null> {
  const raw = await sessionIdFromCookie(cookieValue);
  if (!raw) return null;
  const found = await resolveSession(raw);
  return found ? { via: 'session', user: found.user, sessionId: found.sessionId, sessionRaw: raw } : null;
}
