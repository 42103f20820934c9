import { encode } from 'next-auth/jwt';
import { createApiToken } from '@/lib/server/auth/api-tokens';
import { hashPassword } from '@/lib/server/auth/password';
import { createSession, sessionCookieName } from '@/lib/server/auth/session';
import { db } from '@/lib/server/db';

let counter = 0;
/** A name unique across test files and runs. */
export function unique(prefix = 'u') {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${process.pid}${counter}`;
}

export const TEST_PASSWORD = 'Correct-Horse-Battery-9';

/** An active user with a profile, a password and an API token (tests that are not about registration). */
export async function createUser(opts: { username?: string; email?: string; password?: string; active?: boolean } = {}) {
  const username = opts.username ?? unique('user');
  const user = await db().user.create({
    data: {
      username,
      email: opts.email ?? `${username}@example.test`,
      passwordHash: await hashPassword(opts.password ?? TEST_PASSWORD),
      isActive: opts.active ?? true,
      profile: { create: {} },
    },
    select: { id: true, username: true, email: true },
  });
  const token = await createApiToken(user.id);
  return { ...user, token, password: opts.password ?? TEST_PASSWORD };
}

/** A browser session cookie (`name=value`) for `userId`, as next-auth would set it. */
export async function sessionCookie(userId: number) {
  const sid = await createSession(userId, 'vitest');
  const value = await encode({ token: { sub: String(userId), sid }, secret: process.env.AUTH_SECRET! });
  return `${sessionCookieName()}=${value}`;
}
