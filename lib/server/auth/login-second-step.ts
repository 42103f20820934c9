import 'server-only';
import { sha256 } from '../crypto';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { log } from '../log';
import { CHALLENGE_MAX_FAILURES, CODE_INVALID, completeLogin, countFailure, TOKEN_INVALID, userKey } from './login-shared';
import { verifyAnyActiveMethod } from './mfa/verify-code';
import { assertAllowed, resetLimit, RULES } from './rate-limit';

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
