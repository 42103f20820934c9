import 'server-only';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { log } from '../log';

/**
 * Deletes the caller (only their own id; any other id is 404) in one
 * transaction: the accounts they administer with everything in them, then
 * the user with tokens, sessions, MFA methods, profile and memberships
 * (foreign keys cascade).
 */
export async function deleteOwnAccount(callerId: number, id: number) {
  if (callerId !== id) throw ApiError.notFound();
  await db().$transaction(async (tx) => {
    await tx.account.deleteMany({ where: { adminId: id } });
    await tx.user.delete({ where: { id } });
  });
  log.info('auth.account_deleted', { userId: id });
}
