import 'server-only';
import { db } from '../../db';
import { ApiError } from '../../http/errors';
import { log } from '../../log';
import { generateBackupCodes, hashBackupCodes } from './backup-codes';
import { CODE_INVALID, findMethodRow, isMfaName, NOT_ENABLED, NOT_EXIST, type TMfaUser } from './shared';
import { verifyMethodCode } from './verify-code';

/** POST /auth/{method}/codes/regenerate/: new backup codes for an active method after a valid code. */
export async function regenerateBackupCodes(user: TMfaUser, name: string, code: string) {
  if (!isMfaName(name)) throw ApiError.trench(NOT_EXIST);
  const row = await findMethodRow(user.id, name);
  if (!row) throw ApiError.field('code', NOT_EXIST);
  if (!row.isActive) throw ApiError.field('code', NOT_ENABLED);
  if (!(await verifyMethodCode(row, code))) throw ApiError.field('code', CODE_INVALID);
  const codes = generateBackupCodes();
  await db().mfaMethod.update({ where: { id: row.id }, data: { backupCodes: await hashBackupCodes(codes) } });
  log.info('mfa.backup_codes_regenerated', { userId: user.id, method: name });
  return { backup_codes: codes };
}
