import 'server-only';
import { generateSecret, generateSync } from 'otplib';
import { safeEqual } from '../../crypto';
import { db } from '../../db';
import { log } from '../../log';

/**
 * RFC 6238 TOTP (SHA-1, 6 digits, 30 s) with ±1 step of drift. The last
 * accepted step is stored per method and any step ≤ it is refused, with a
 * conditional update, so a code works once on every instance.
 */
export const TOTP_PERIOD = 30;

/** 20 random bytes as 32 base32 characters (trench's SECRET_KEY_LENGTH). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The step (now−1 … now+1) whose code equals `code`, or null. */
export function matchingStep(secret: string, code: string, nowMs = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = Math.floor(nowMs / 1000);
  const current = Math.floor(now / TOTP_PERIOD);
  let found: number | null = null;
  for (const step of [current - 1, current, current + 1]) {
    const expected = generateSync({ secret, epoch: step * TOTP_PERIOD });
    if (safeEqual(expected, code)) found = step;
  }
  return found;
}

/** True once per step: checks the code and records its step unless an equal or later step was used before. */
export async function checkTotp(method: { id: number; userId: number }, secret: string, code: string): Promise<boolean> {
  const step = matchingStep(secret, code);
  if (step === null) {
    log.info('mfa.totp_check', { userId: method.userId, methodId: method.id, ok: false, reason: 'mismatch' });
    return false;
  }
  const res = await db().mfaMethod.updateMany({
    where: { id: method.id, OR: [{ lastUsedStep: null }, { lastUsedStep: { lt: BigInt(step) } }] },
    data: { lastUsedStep: BigInt(step) },
  });
  const ok = res.count === 1;
  log.info('mfa.totp_check', { userId: method.userId, methodId: method.id, ok, reason: ok ? 'accepted' : 'replay' });
  return ok;
}
