import 'server-only';
import { randomInt } from 'node:crypto';
import { db } from '../../db';
import { hashPassword, verifyPassword } from '../password';

/**
 * trench's backup codes: 5 × 12 characters of [A-Za-z0-9] from the CSPRNG,
 * stored as argon2id hashes, each consumed by a conditional array update so
 * concurrent uses of one code succeed exactly once.
 */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const BACKUP_CODES_QUANTITY = 5;
export const BACKUP_CODES_LENGTH = 12;

export function generateBackupCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < BACKUP_CODES_QUANTITY) {
    let c = '';
    for (let i = 0; i < BACKUP_CODES_LENGTH; i++) c += ALPHABET[randomInt(ALPHABET.length)];
    codes.add(c);
  }
  return [...codes];
}

export function hashBackupCodes(codes: string[]): Promise<string[]> {
  return Promise.all(codes.map((c) => hashPassword(c)));
}

export function looksLikeBackupCode(code: string) {
  return /^[A-Za-z0-9]{12}$/.test(code);
}

/** Consumes `code` if it is one of the method's stored codes; true for exactly one caller per code. */
export async function consumeBackupCode(methodId: number, code: string): Promise<boolean> {
  if (!looksLikeBackupCode(code)) return false;
  const row = await db().mfaMethod.findUnique({ where: { id: methodId }, select: { backupCodes: true } });
  if (!row) return false;
  for (const hash of row.backupCodes) {
    if (await verifyPassword(hash, code)) {
      const removed = await db().$executeRaw`
        UPDATE mfa_methods SET backup_codes = array_remove(backup_codes, ${hash}), updated_at = now()
        WHERE id = ${methodId} AND ${hash} = ANY(backup_codes)`;
      return removed === 1;
    }
  }
  return false;
}
