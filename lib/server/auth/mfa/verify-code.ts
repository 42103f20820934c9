import 'server-only';
import { decrypt } from '../../crypto';
import { db } from '../../db';
import { consumeBackupCode, looksLikeBackupCode } from './backup-codes';
import { consumeEmailCode, recordEmailCodeFailure } from './email-code';
import { checkTotp } from './totp';

/**
 * One code against one method row: the app's TOTP (no replay), the e-mail
 * method's pending code, or one of the row's backup codes (consumed). TOTP is
 * tried first, then the backup codes (django-trench-reboot's order).
 */
export type TMethodRow = { id: number; userId: number; name: string };

export async function verifyMethodCode(method: TMethodRow, code: string, opts: { countFailure?: boolean } = {}): Promise<boolean> {
  if (method.name === 'app' && /^\d{6}$/.test(code)) {
    const row = await db().mfaMethod.findUnique({ where: { id: method.id }, select: { secret: true } });
    if (row && (await checkTotp(method, decrypt(row.secret), code))) return true;
  }
  if (method.name === 'email' && /^\d{6}$/.test(code)) {
    if (await consumeEmailCode(method.id, code)) return true;
  }
  if (looksLikeBackupCode(code) && (await consumeBackupCode(method.id, code))) return true;
  if (method.name === 'email' && opts.countFailure !== false) await recordEmailCodeFailure(method.id);
  return false;
}

/** A code against every active method of a user (login step 2); the first hit wins. */
export async function verifyAnyActiveMethod(userId: number, code: string): Promise<TMethodRow | null> {
  const methods = await db().mfaMethod.findMany({ where: { userId, isActive: true }, select: { id: true, userId: true, name: true }, orderBy: { id: 'asc' } });
  for (const m of methods) {
    if (await verifyMethodCode(m, code, { countFailure: false })) return m;
  }
  for (const m of methods) if (m.name === 'email') await recordEmailCodeFailure(m.id);
  return null;
}
