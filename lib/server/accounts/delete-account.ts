import 'server-only';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { log } from '../log';
import { accountAdminScope } from '../tenancy';
import { removeUploadedFiles } from '../datasources/upload-files';
import { getAccount } from './get-account';

/**
 * Deletes an account and, through the foreign keys, everything in it
 * (workspaces, layers, invites, share links, data sources, groups, members).
 * 404 when the caller cannot see it (or it is already gone), 403 for members.
 */
export async function deleteAccount(userId: number, id: number): Promise<void> {
  const acc = await getAccount(userId, id);
  if (!acc.canManage) throw ApiError.forbidden();
  const files = await db().dataSource.findMany({ where: { accountId: id, filePath: { not: null } }, select: { filePath: true } });
  const res = await db().account.deleteMany({ where: { id, ...accountAdminScope(userId) } });
  if (res.count === 0) throw ApiError.notFound();
  await removeUploadedFiles(files.map((f) => f.filePath!));
  log.info('account.deleted', { accountId: id });
}
