import 'server-only';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { log } from '../log';
import { consume, type TRule } from './rate-limit';

/**
 * What the two login steps of django-trench (API.md §1.4 #1, #2) share.
 * Both are used by /auth/login/ (API token) and the next-auth Credentials
 * provider (browser session): the caller turns a success into its own credential.
 */
export const LOGIN_FAILED = 'Unable to login with provided credentials.';
export const TOKEN_INVALID = 'Invalid or expired token.';
export const CODE_INVALID = 'Invalid or expired code.';
export const CHALLENGE_SECONDS = 15 * 60;
export const CHALLENGE_MAX_FAILURES = 5;

export type TLoginStep = { kind: 'ok'; userId: number } | { kind: 'mfa'; ephemeral_token: string; method: string };

export const userKey = (username: string) => `u:${username}`;

/** Counts a failure; the attempt that spends the last point still gets its normal answer. */
export async function countFailure(rule: TRule, key: string) {
  try {
    await consume(rule, key);
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 429)) throw err;
  }
}

/** Records a successful login: last_login and the log line. */
export async function completeLogin(userId: number, method?: string) {
  await db().user.update({ where: { id: userId }, data: { lastLogin: new Date() } });
  log.info('auth.login_succeeded', { userId, mfa: method ?? null });
}
