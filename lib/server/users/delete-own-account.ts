import 'server-only';
import { removeUploadedFiles } from '../datasources/upload-files';
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
  const files = await db().$transaction(async (tx) => {
    const uploaded = await tx.dataSource.findMany({ where: { account: { adminId: id }, filePath: { not: null } }, select: { filePath: true } });
    await tx.account.deleteMany({ where: { adminId: id } });
    await tx.user.delete({ where: { id } });
    return uploaded.map((f) => f.filePath!);
  });
  // Files are removed only once the rows are gone for good (after the commit).
  await removeUploadedFiles(files);
  log.info('auth.account_deleted', { userId: id });
}
