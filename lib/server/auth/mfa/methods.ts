import 'server-only';
import { decrypt, encrypt } from '../../crypto';
import { db } from '../../db';
import { ApiError } from '../../http/errors';
import { log } from '../../log';
import { generateBackupCodes, hashBackupCodes } from './backup-codes';
import { sendEmailCode } from './email-code';
import { siteTitle } from './site-title';
import { newTotpSecret } from './totp';
import { verifyMethodCode } from './verify-code';

/**
 * django-trench's MFA method management (develop / reboot 0.3.x behaviour,
 * API.md §1.4 #4–#11) for the signed-in user. Every function acts on the
 * caller's own rows only; errors are ApiErrors with trench's exact bodies.
 */
export const MFA_METHODS = ['app', 'email'] as const;
export type TMfaName = (typeof MFA_METHODS)[number];

const NOT_EXIST = 'Requested MFA method does not exist.';
const ALREADY_ACTIVE = 'MFA method already active.';
const NOT_ENABLED = '2FA is not enabled.';
const CODE_INVALID = 'Code invalid or expired.';
export const EMAIL_SENT = 'Email message with MFA code has been sent.';

export function isMfaName(name: string): name is TMfaName {
  return (MFA_METHODS as readonly string[]).includes(name);
}

type TUser = { id: number; username: string; email: string };

async function otpauthUri(username: string, secret: string) {
  const issuer = await siteTitle();
  const q = (s: string) => encodeURIComponent(s);
  return `otpauth://totp/${q(issuer)}:${q(username)}?secret=${secret}&issuer=${q(issuer)}`;
}

function findRow(userId: number, name: string) {
  return db().mfaMethod.findUnique({ where: { userId_name: { userId, name } }, select: { id: true, userId: true, name: true, isActive: true, isPrimary: true } });
}

/** The handler's dispatch: app → otpauth URI, email → a fresh code by mail. */
async function dispatch(user: TUser, row: { id: number; userId: number; name: string }) {
  if (row.name === 'app') {
    const sealed = await db().mfaMethod.findUniqueOrThrow({ where: { id: row.id }, select: { secret: true } });
    return { details: await otpauthUri(user.username, decrypt(sealed.secret)) };
  }
  await sendEmailCode(row, user.email);
  return { details: EMAIL_SENT };
}

/** POST /auth/{method}/activate/: creates (or reuses) the inactive row and dispatches; 400 when unknown or active. */
export async function activateMfaMethod(user: TUser, name: string) {
  if (!isMfaName(name)) throw ApiError.trench(NOT_EXIST);
  let row = await findRow(user.id, name);
  if (row?.isActive) throw ApiError.trench(ALREADY_ACTIVE);
  if (!row) {
    row = await db().mfaMethod.upsert({
      where: { userId_name: { userId: user.id, name } },
      create: { userId: user.id, name, secret: encrypt(newTotpSecret()) },
      update: {},
      select: { id: true, userId: true, name: true, isActive: true, isPrimary: true },
    });
  }
  log.info('mfa.activation_started', { userId: user.id, method: name });
  return dispatch(user, row);
}

/** POST /auth/{method}/activate/confirm/: activates with a valid code; returns the new backup codes once. */
export async function confirmMfaMethod(user: TUser, name: string, code: string) {
  const row = isMfaName(name) ? await findRow(user.id, name) : null;
  if (!row) throw ApiError.field('code', NOT_EXIST);
  if (row.isActive) throw ApiError.field('code', ALREADY_ACTIVE);
  if (!(await verifyMethodCode(row, code))) throw ApiError.field('code', CODE_INVALID);
  const codes = generateBackupCodes();
  const hashes = await hashBackupCodes(codes);
  await db().$transaction(async (tx) => {
    const primary = await tx.mfaMethod.count({ where: { userId: user.id, isPrimary: true } });
    await tx.mfaMethod.update({ where: { id: row.id }, data: { isActive: true, isPrimary: primary === 0, backupCodes: hashes } });
  });
  log.info('mfa.activated', { userId: user.id, method: name });
  return { backup_codes: codes };
}

/** POST /auth/{method}/deactivate/: trench's rules (code optional; primary with others active refused). */
export async function deactivateMfaMethod(user: TUser, name: string, code: string | undefined) {
  const row = isMfaName(name) ? await findRow(user.id, name) : null;
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

/** POST /auth/{method}/codes/regenerate/: new backup codes for an active method after a valid code. */
export async function regenerateBackupCodes(user: TUser, name: string, code: string) {
  if (!isMfaName(name)) throw ApiError.trench(NOT_EXIST);
  const row = await findRow(user.id, name);
  if (!row) throw ApiError.field('code', NOT_EXIST);
  if (!row.isActive) throw ApiError.field('code', NOT_ENABLED);
  if (!(await verifyMethodCode(row, code))) throw ApiError.field('code', CODE_INVALID);
  const codes = generateBackupCodes();
  await db().mfaMethod.update({ where: { id: row.id }, data: { backupCodes: await hashBackupCodes(codes) } });
  log.info('mfa.backup_codes_regenerated', { userId: user.id, method: name });
  return { backup_codes: codes };
}

/** POST /auth/code/request/: dispatches for the named method (or the active primary); 400 when there is none. */
export async function requestMfaCode(user: TUser, name: string | undefined) {
  if (name !== undefined && !isMfaName(name)) throw ApiError.field('method', NOT_EXIST);
  const row = name
    ? await findRow(user.id, name)
    : await db().mfaMethod.findFirst({ where: { userId: user.id, isPrimary: true, isActive: true }, select: { id: true, userId: true, name: true, isActive: true, isPrimary: true } });
  if (!row) throw ApiError.trench(NOT_EXIST);
  return dispatch(user, row);
}

/** POST /auth/mfa/change-primary-method/: code checked against the target method (develop). */
export async function changePrimaryMfaMethod(user: TUser, name: TMfaName, code: string) {
  const row = await findRow(user.id, name);
  if (!row) throw ApiError.field('code', NOT_EXIST);
  if (!(await verifyMethodCode(row, code))) throw ApiError.field('code', CODE_INVALID);
  if (!row.isActive) throw ApiError.trench('MFA Method selected as new primary method is not active');
  await db().$transaction(async (tx) => {
    await tx.mfaMethod.updateMany({ where: { userId: user.id, isPrimary: true }, data: { isPrimary: false } });
    await tx.mfaMethod.update({ where: { id: row.id }, data: { isPrimary: true } });
  });
}

/** GET /auth/mfa/user-active-methods: the caller's active methods as `{name, is_primary}`. */
export async function listActiveMfaMethods(userId: number) {
  const rows = await db().mfaMethod.findMany({ where: { userId, isActive: true }, select: { name: true, isPrimary: true }, orderBy: { id: 'asc' } });
  return rows.map((r) => ({ name: r.name, is_primary: r.isPrimary }));
}

/** GET /auth/mfa/config/: the configured methods and trench's switches (public). */
export function mfaConfig() {
  return { methods: [...MFA_METHODS], confirm_disable_with_code: false, confirm_regeneration_with_code: true, allow_backup_codes_regeneration: true };
}
