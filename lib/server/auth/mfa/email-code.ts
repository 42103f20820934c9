import 'server-only';
import { createHmac, randomInt } from 'node:crypto';
import { mfaCodeEmail } from '@/emails/mfa-code';
import { config } from '../../config';
import { db } from '../../db';
import { log } from '../../log';
import { enqueueMail } from '../../mail/outbox';
import { consume, RULES } from '../rate-limit';
import { siteTitle } from './site-title';

/**
 * The e-mail method (django-trench-reboot's secure_email): 6 random digits,
 * stored as HMAC-SHA256(AUTH_SECRET, methodId:code), valid 10 minutes, single use; 5 wrong
 * tries wipe it. Sent through the outbox.
 */
export const EMAIL_CODE_SECONDS = 600;
export const EMAIL_CODE_MAX_FAILURES = 5;

// Keyed with AUTH_SECRET: a leaked row alone does not give the 6 digits away by enumeration.
function hashCode(methodId: number, code: string) {
  return createHmac('sha256', config().AUTH_SECRET).update(`mfa-email:${methodId}:${code}`).digest('hex');
}

/** Generates a fresh code for the method, stores its hash and queues the mail (rate-limited per user). */
export async function sendEmailCode(method: { id: number; userId: number }, to: string) {
  await consume(RULES.mfaCodeMail(), `user:${method.userId}`);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const mail = mfaCodeEmail({ siteName: await siteTitle(), code });
  await db().$transaction(async (tx) => {
    await tx.mfaMethod.update({
      where: { id: method.id },
      data: { emailCodeHash: hashCode(method.id, code), emailCodeExpires: new Date(Date.now() + EMAIL_CODE_SECONDS * 1000), emailCodeFailures: 0 },
    });
    await enqueueMail(tx, 'mfa-code', { to, ...mail });
  });
  log.info('mfa.email_code_sent', { userId: method.userId, methodId: method.id });
}

/** Consumes the code when it matches, is unexpired and has not been wiped; true for exactly one caller. */
export async function consumeEmailCode(methodId: number, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const res = await db().mfaMethod.updateMany({
    where: { id: methodId, emailCodeHash: hashCode(methodId, code), emailCodeExpires: { gt: new Date() }, emailCodeFailures: { lt: EMAIL_CODE_MAX_FAILURES } },
    data: { emailCodeHash: null, emailCodeExpires: null, emailCodeFailures: 0 },
  });
  return res.count === 1;
}

/** Counts a wrong try against a pending code; the fifth wipes it. */
export async function recordEmailCodeFailure(methodId: number) {
  await db().mfaMethod.updateMany({ where: { id: methodId, emailCodeHash: { not: null } }, data: { emailCodeFailures: { increment: 1 } } });
  await db().mfaMethod.updateMany({
    where: { id: methodId, emailCodeFailures: { gte: EMAIL_CODE_MAX_FAILURES } },
    data: { emailCodeHash: null, emailCodeExpires: null },
  });
}
