import 'server-only';
import { db } from '../../db';
import { ApiError } from '../../http/errors';
import { log } from '../../log';
import { CODE_INVALID, findMethodRow, isMfaName, NOT_ENABLED, NOT_EXIST, type TMfaUser } from './shared';
import { verifyMethodCode } from './verify-code';

/** POST /auth/{method}/deactivate/: trench's rules (code optional; primary with others active refused). */
export async function deactivateMfaMethod(user: TMfaUser, name: string, code: string | undefined) {
  const row = isMfaName(name) ? await findMethodRow(user.id, name) : null;
  if (code !== undefined) {
    if (!row) throw ApiError.field('code', NOT_EXIST);
    if (!row.isActive) throw ApiError.field('code', NOT_ENABLED);
    if (!(await verifyMethodCode(row, code))) throw ApiError.field('code', CODE_INVALID);
  }
  if (!row) throw ApiError.trench(NOT_EXIST);
  if (row.isPrimary && (await db().mfaMethod.count({ where: { userId: user.id, isActive: true } })) > 1) {
    throw ApiError.trench('Deactivation of MFA method that is set as primary is not allowed.');
  }
  if (!row.isActive) throw ApiError.trench(NOT_ENABLED);
  await db().mfaMethod.update({ where: { id: row.id }, data: { isActive: false, isPrimary: false } });
  log.info('mfa.deactivated', { userId: user.id, method: name });
}
