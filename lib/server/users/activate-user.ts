import 'server-only';
import { decodeUid } from '../auth/uid';
import { consumeUserToken, findUserToken } from '../auth/user-tokens';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { log } from '../log';

/**
 * GET /api/activate/{uid}/{token}/ (djoser's activation rules): bad uid →
 * 400 uid, bad/expired token → 400 token, already active → 403 stale;
 * otherwise the single-use token is spent and the user activated.
 */
export async function activateUser(uid: string, token: string): Promise<'Activated'> {
  const id = decodeUid(uid);
  const user = id ? await db().user.findUnique({ where: { id }, select: { id: true, isActive: true } }) : null;
  if (!user) throw ApiError.field('uid', "Invalid user id or user doesn't exist.");
  const row = await findUserToken(user.id, 'activation', token);
  if (!row) throw ApiError.field('token', 'Invalid token for given user.');
  if (user.isActive) throw ApiError.detail(403, 'Stale token for given user.');
  const done = await db().$transaction(async (tx) => {
    if (!(await consumeUserToken(tx, user.id, 'activation', token))) return false;
    await tx.user.update({ where: { id: user.id }, data: { isActive: true } });
    return true;
  });
  if (!done) throw ApiError.field('token', 'Invalid token for given user.');
  log.info('auth.activated', { userId: user.id });
  return 'Activated';
}
