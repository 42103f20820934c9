import 'server-only';
import { decrypt } from '../../crypto';
import { db } from '../../db';
import { sendEmailCode } from './email-code';
import { siteTitle } from './site-title';

/**
 * What the MFA management services share (django-trench develop / reboot
 * 0.3.x, API.md §1.4 #4–#11): the configured methods, trench's message
 * texts, the caller's row lookup and the handlers' dispatch.
 */
export const MFA_METHODS = ['app', 'email'] as const;
export type TMfaName = (typeof MFA_METHODS)[number];
export type TMfaUser = { id: number; username: string; email: string };

export const NOT_EXIST = 'Requested MFA method does not exist.';
export const ALREADY_ACTIVE = 'MFA method already active.';
export const NOT_ENABLED = '2FA is not enabled.';
export const CODE_INVALID = 'Code invalid or expired.';
export const EMAIL_SENT = 'Email message with MFA code has been sent.';
export const ROW_SELECT = { id: true, userId: true, name: true, isActive: true, isPrimary: true } as const;

export function isMfaName(name: string): name is TMfaName {
  return (MFA_METHODS as readonly string[]).includes(name);
}

/** trench's otpauth URI: label `Issuer:username`, issuer = the default site's title, no period (30 s). */
export async function otpauthUri(username: string, secret: string) {
  const issuer = await siteTitle();
  const q = (s: string) => encodeURIComponent(s);
  return `otpauth://totp/${q(issuer)}:${q(username)}?secret=${secret}&issuer=${q(issuer)}`;
}

/** The caller's row for a method name, or null. */
export function findMethodRow(userId: number, name: string) {
  return db().mfaMethod.findUnique({ where: { userId_name: { userId, name } }, select: ROW_SELECT });
}

/** The handler's dispatch: app → `{details: otpauth URI}`, email → a fresh code by mail. */
export async function dispatchMethod(user: TMfaUser, row: { id: number; userId: number; name: string }) {
  if (row.name === 'app') {
    const sealed = await db().mfaMethod.findUniqueOrThrow({ where: { id: row.id }, select: { secret: true } });
    return { details: await otpauthUri(user.username, decrypt(sealed.secret)) };
  }
  await sendEmailCode(row, user.email);
  return { details: EMAIL_SENT };
}
