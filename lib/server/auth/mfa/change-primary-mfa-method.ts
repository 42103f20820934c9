import 'server-only';
import { db } from '../../db';
import { ApiError } from '../../http/errors';
import { CODE_INVALID, findMethodRow, NOT_EXIST, type TMfaName, type TMfaUser } from './shared';
import { verifyMethodCode } from './verify-code';

/** POST /auth/mfa/change-primary-method/: code checked against the target method (develop). */
export async function changePrimaryMfaMethod(user: TMfaUser, name: TMfaName, code: string) {
  const row = await findMethodRow(user.id, name);
  if (!row) throw ApiError.field('code', NOT_EXIST);
  if (!(await verifyMethodCode(row, code))) throw ApiError.field('code', CODE_INVALID);
  if (!row.isActive) throw ApiError.trench('MFA Method selected as new primary method is not active');
  await db().$transaction(async (tx) => {
    // One MFA change per user at a time, so two confirms cannot both become primary.
    await tx.$executeRaw`SELECT 1 FROM users WHERE id = ${user.id} FOR UPDATE`;
    await tx.mfaMethod.updateMany({ where: { userId: user.id, isPrimary: true }, data: { isPrimary: false } });
    await tx.mfaMethod.update({ where: { id: row.id }, data: { isPrimary: true } });
  });
}
