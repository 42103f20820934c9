import 'server-only';
import { db } from '../../db';
import { ApiError } from '../../http/errors';
import { dispatchMethod, findMethodRow, isMfaName, NOT_EXIST, ROW_SELECT, type TMfaUser } from './shared';

/** POST /auth/code/request/: dispatches for the named method (or the active primary); 400 when there is none. */
export async function requestMfaCode(user: TMfaUser, name: string | undefined) {
  if (name !== undefined && !isMfaName(name)) throw ApiError.field('method', NOT_EXIST);
  const row = name
    ? await findMethodRow(user.id, name)
    : await db().mfaMethod.findFirst({ where: { userId: user.id, isPrimary: true, isActive: true }, select: ROW_SELECT });
  if (!row) throw ApiError.trench(NOT_EXIST);
  return dispatchMethod(user, row);
}
