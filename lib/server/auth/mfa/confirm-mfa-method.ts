import 'server-only';
import { db } from '../../db';
import { ApiError } from '../../http/errors';
import { log } from '../../log';
import { generateBackupCodes, hashBackupCodes } from './backup-codes';
import { ALREADY_ACTIVE, CODE_INVALID, findMethodRow, isMfaName, NOT_EXIST, type TMfaUser } from './shared';
import { verifyMethodCode } from './verify-code';

/** POST /auth/{method}/activate/confirm/: activates with a valid code; returns the new backup codes once. */
export async function confirmMfaMethod(user: TMfaUser, name: string, code: string) {
  const row = isMfaName(name) ? await findMethodRow(user.id, name) : null;
  if (!row) throw ApiError.field('code', NOT_EXIST);
  if (row.isActive) throw ApiError.field('code', ALREADY_ACTIVE);
  if (!(await verifyMethodCode(row, code))) throw ApiError.field('code', CODE_INVALID);
  const codes = generateBackupCodes();
  const hashes = await hashBackupCodes(codes);
  await db().$transaction(async (tx) => {
    // One MFA change per user at a time, so two confirms cannot both become primary.
    await tx.$executeRaw`SELECT 1 FROM users WHERE id = ${user.id} FOR UPDATE`;
    const primary = await tx.mfaMethod.count({ where: { userId: user.id, isPrimary: true } });
    await tx.mfaMethod.update({ where: { id: row.id }, data: { isActive: true, isPrimary: primary === 0, backupCodes: hashes } });
  });
  log.info('mfa.activated', { userId: user.id, method: name });
  return { backup_codes: codes };
}
