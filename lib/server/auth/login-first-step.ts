import 'server-only';
import { randomHex, sha256 } from '../crypto';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { log } from '../log';
import { CHALLENGE_SECONDS, completeLogin, countFailure, LOGIN_FAILED, type TLoginStep, userKey } from './login-shared';
import { sendEmailCode } from './mfa/email-code';
import { burnPasswordCheck, verifyPassword } from './password';
import { assertAllowed, consume, resetLimit, RULES } from './rate-limit';

/**
 * Step 1: checks username and password (rate-limited before hashing); 400
 * LOGIN_FAILED on any failure. A locked username is refused first, usually
 * from memory, without spending the address's login budget or a store round
 * trip: a flood against one name stays cheap for everyone else.
 */
export async function loginFirstStep(username: string, password: string, opts: { ip: string }): Promise<TLoginStep> {
  await assertAllowed(RULES.loginFail(), userKey(username));
  await consume(RULES.loginIp(), opts.ip);
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
