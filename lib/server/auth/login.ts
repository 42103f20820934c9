import 'server-only';
import { randomHex, sha256 } from '../crypto';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { log } from '../log';
import { sendEmailCode } from './mfa/email-code';
import { verifyAnyActiveMethod } from './mfa/verify-code';
import { burnPasswordCheck, verifyPassword } from './password';
import { assertAllowed, consume, resetLimit, RULES } from './rate-limit';

/**
 * The two login steps of django-trench (API.md §1.4 #1, #2), shared by
 * /auth/login/ (API token) and the next-auth Credentials provider (browser
 * session): the caller turns `{kind: 'ok'}` into its own credential.
 */
export const LOGIN_FAILED = 'Unable to login with provided credentials.';
export const TOKEN_INVALID = 'Invalid or expired token.';
export const CODE_INVALID = 'Invalid or expired code.';
export const CHALLENGE_SECONDS = 15 * 60;
export const CHALLENGE_MAX_FAILURES = 5;

export type TLoginStep = { kind: 'ok'; userId: number } | { kind: 'mfa'; ephemeral_token: string; method: string };

const userKey = (username: string) => `u:${username}`;

async function countFailure(rule: ReturnType<typeof RULES.loginFail>, key: string) {
  try {
    await consume(rule, key);
  } catch (err) {
    // The attempt that spends the last point still gets its normal answer; the next one is refused.
    if (!(err instanceof ApiError && err.status === 429)) throw err;
  }
}

/** Step 1: checks username and password (rate-limited before hashing); 400 LOGIN_FAILED on any failure. */
export async function loginFirstStep(username: string, password: string): Promise<TLoginStep> {
  await assertAllowed(RULES.loginFail(), userKey(username));
  const user = await db().user.findUnique({ where: { username }, select: { id: true, email: true, isActive: true, passwordHash: true } });
  const ok = user ? await verifyPassword(user.passwordHash, password) : (await burnPasswordCheck(password), false);
  if (!user || !ok || !user.isActive) {
    await countFailure(RULES.loginFail(), userKey(username));
    log.info('auth.login_failed', { userId: user?.id ?? null, reason: !user ? 'unknown_user' : !ok ? 'bad_password' : 'inactive' });
    throw ApiError.trench(LOGIN_FAILED);
  }
  await resetLimit(RULES.loginFail(), userKey(username));
  const primary = await db().mfaMethod.findFirst({ where: { userId: user.id, isPrimary: true, isActive: true }, select: { id: true, userId: true, name: true } });
  if (!primary) {
    await completeLogin(user.id);
    return { kind: 'ok', userId: user.id };
  }
  const token = `${user.id}-${Math.floor(Date.now() / 1000).toString(36)}-${randomHex(20)}`;
  await db().loginChallenge.create({
    data: { tokenHash: sha256(token), userId: user.id, method: primary.name, expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000) },
  });
  if (primary.name === 'email') {
    // Like trench, a failed dispatch still answers 200 (the code can be requested again by logging in again).
    await sendEmailCode(primary, user.email).catch((err) => log.warn('auth.mfa_dispatch_failed', { userId: user.id, message: (err as Error).message }));
  }
  log.info('auth.login_challenge', { userId: user.id, method: primary.name });
  return { kind: 'mfa', ephemeral_token: token, method: primary.name };
}

/** Step 2: the ephemeral token (15 min, single use, 5 wrong codes) plus a code of any active method; 401 otherwise. */
export async function loginSecondStep(ephemeralToken: string, code: string): Promise<{ userId: number }> {
  if (!/^\d{1,10}-[0-9a-z]{1,13}-[0-9a-f]{40}$/.test(ephemeralToken)) throw ApiError.trench(TOKEN_INVALID, 401);
  const challenge = await db().loginChallenge.findUnique({
    where: { tokenHash: sha256(ephemeralToken) },
    select: { id: true, userId: true, failures: true, expiresAt: true, usedAt: true, user: { select: { username: true, isActive: true } } },
  });
  if (!challenge || challenge.usedAt || challenge.expiresAt.getTime() <= Date.now() || challenge.failures >= CHALLENGE_MAX_FAILURES || !challenge.user.isActive) {
    throw ApiError.trench(TOKEN_INVALID, 401);
  }
  const userId = challenge.userId;
  await assertAllowed(RULES.codeFail(), `user:${userId}`);
  await assertAllowed(RULES.loginFail(), userKey(challenge.user.username));
  const hit = await verifyAnyActiveMethod(userId, code);
  if (!hit) {
    await db().loginChallenge.updateMany({ where: { id: challenge.id }, data: { failures: { increment: 1 } } });
    await countFailure(RULES.codeFail(), `user:${userId}`);
    await countFailure(RULES.loginFail(), userKey(challenge.user.username));
    log.info('auth.login_failed', { userId, reason: 'bad_code' });
    throw ApiError.trench(CODE_INVALID, 401);
  }
  const used = await db().loginChallenge.updateMany({ where: { id: challenge.id, usedAt: null }, data: { usedAt: new Date() } });
  if (used.count !== 1) throw ApiError.trench(TOKEN_INVALID, 401);
  await resetLimit(RULES.codeFail(), `user:${userId}`);
  await completeLogin(userId, hit.name);
  return { userId };
}

async function completeLogin(userId: number, method?: string) {
  await db().user.update({ where: { id: userId }, data: { lastLogin: new Date() } });
  log.info('auth.login_succeeded', { userId, mfa: method ?? null });
}
