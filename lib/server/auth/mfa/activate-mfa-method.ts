import 'server-only';
import { encrypt } from '../../crypto';
import { db } from '../../db';
import { ApiError } from '../../http/errors';
import { log } from '../../log';
import { ALREADY_ACTIVE, dispatchMethod, findMethodRow, isMfaName, NOT_EXIST, ROW_SELECT, type TMfaUser } from './shared';
import { newTotpSecret } from './totp';

/** POST /auth/{method}/activate/: creates (or reuses) the inactive row and dispatches; 400 when unknown or active. */
export async function activateMfaMethod(user: TMfaUser, name: string) {
  if (!isMfaName(name)) throw ApiError.trench(NOT_EXIST);
  let row = await findMethodRow(user.id, name);
  if (row?.isActive) throw ApiError.trench(ALREADY_ACTIVE);
  if (!row) {
    row = await db().mfaMethod.upsert({
      where: { userId_name: { userId: user.id, name } },
      create: { userId: user.id, name, secret: encrypt(newTotpSecret()) },
      update: {},
      select: ROW_SELECT,
    });
  }
  log.info('mfa.activation_started', { userId: user.id, method: name });
  return dispatchMethod(user, row);
}
