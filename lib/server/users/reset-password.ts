import 'server-only';
import type { TAuth } from '../auth/authenticate';
import { hashPassword, verifyPassword } from '../auth/password';
import { validatePassword } from '../auth/password-validators';
import { revokeUserCredentials } from '../auth/session';
import { decodeUid } from '../auth/uid';
import { consumeUserToken, findUserToken } from '../auth/user-tokens';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { log } from '../log';

const BAD_LINK = 'Invalid token for given user.';
const BAD_UID = "Invalid user id or user doesn't exist.";

/**
 * POST /api/auth/resetPassword. With a mail link (`uid` + `pw_token`): sets
 * the password and ends every session and token of the user. With
 * `pw_token: false` and a signed-in caller whose own id is `uid`: changes the
 * caller's password (optionally checking `old_password`) and ends their other
 * sessions and tokens. Bad links → 400 `{"detail"}`; weak passwords → 400 `{"password": […]}`.
 */
export async function resetPassword(
  input: { password: string; uid?: string | number; pw_token?: string | boolean; old_password?: string },
  auth: TAuth | null,
) {
  if (input.pw_token === false || input.pw_token === 'false') return changeOwnPassword(input, auth);
  const id = input.uid === undefined ? null : decodeUid(String(input.uid));
  const user = id ? await db().user.findUnique({ where: { id }, select: { id: true, username: true, email: true, isActive: true } }) : null;
  if (!user || !user.isActive) throw ApiError.detail(400, BAD_UID);
  const token = typeof input.pw_token === 'string' ? input.pw_token : '';
  if (!(await findUserToken(user.id, 'reset', token)) ) throw ApiError.detail(400, BAD_LINK);
  const problems = validatePassword(input.password, user);
  if (problems.length) throw ApiError.fields({ password: problems });
  const passwordHash = await hashPassword(input.password);
  const ok = await db().$transaction(async (tx) => {
    if (!(await consumeUserToken(tx, user.id, 'reset', token))) return false;
    await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
    await tx.userToken.updateMany({ where: { userId: user.id, purpose: 'reset', usedAt: null }, data: { usedAt: new Date() } });
    await tx.loginChallenge.deleteMany({ where: { userId: user.id } });
    await revokeUserCredentials(user.id, {}, tx);
    return true;
  });
  if (!ok) throw ApiError.detail(400, BAD_LINK);
  log.info('auth.password_reset', { userId: user.id });
  return {};
}

async function changeOwnPassword(input: { password: string; uid?: string | number; old_password?: string }, auth: TAuth | null) {
  if (!auth) throw ApiError.unauthenticated();
  if (String(input.uid) !== String(auth.user.id)) throw ApiError.detail(400, BAD_UID);
  const user = await db().user.findUniqueOrThrow({ where: { id: auth.user.id }, select: { id: true, username: true, email: true, passwordHash: true } });
  if (input.old_password !== undefined && !(await verifyPassword(user.passwordHash, input.old_password))) {
    throw ApiError.field('old_password', 'Your old password was entered incorrectly. Please enter it again.');
  }
  const problems = validatePassword(input.password, user);
  if (problems.length) throw ApiError.fields({ password: problems });
  const passwordHash = await hashPassword(input.password);
  await db().$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
    await tx.loginChallenge.deleteMany({ where: { userId: user.id } });
    await revokeUserCredentials(
      user.id,
      auth.via === 'session' ? { sessionId: auth.sessionId, apiTokenHash: '-' } : { apiTokenHash: auth.tokenHash, sessionId: -1 },
      tx,
    );
  });
  log.info('auth.password_changed', { userId: user.id });
  return {};
}
