import 'server-only';
import { activationEmail } from '@/emails/activation';
import { validatePassword } from '../auth/password-validators';
import { hashPassword } from '../auth/password';
import { encodeUid } from '../auth/uid';
import { issueUserToken } from '../auth/user-tokens';
import { siteTitle } from '../auth/mfa/site-title';
import { db } from '../db';
import { ApiError, type TFieldErrors } from '../http/errors';
import { log } from '../log';
import { enqueueMail } from '../mail/outbox';
import { linkOrigin } from './link-origin';

export const USERNAME_TAKEN = 'A user with that username already exists.';

/**
 * Creates an inactive user with a profile and queues the activation mail in
 * the same transaction. 400 with field errors (taken username, Django's
 * password validators). Whether the e-mail is already used is never told.
 */
export async function registerUser(input: { username: string; email: string; password: string; origin: string | null }) {
  const errors: TFieldErrors = {};
  if (await db().user.findUnique({ where: { username: input.username }, select: { id: true } })) errors.username = [USERNAME_TAKEN];
  const pw = validatePassword(input.password, input);
  if (pw.length) errors.password = pw;
  if (Object.keys(errors).length) throw ApiError.fields(errors);
  const passwordHash = await hashPassword(input.password);
  const origin = await linkOrigin(input.origin);
  const siteName = await siteTitle();
  const user = await db().$transaction(async (tx) => {
    const created = await tx.user.create({
      data: { username: input.username, email: input.email, passwordHash, isActive: false, profile: { create: {} } },
      select: { id: true, username: true, email: true },
    });
    const token = await issueUserToken(tx, created.id, 'activation');
    const url = `${origin}/activation/${encodeUid(created.id)}/${token}`;
    await enqueueMail(tx, 'activation', { to: created.email, ...activationEmail({ siteName, username: created.username, url }) });
    return created;
  });
  log.info('auth.registered', { userId: user.id });
  return { id: user.id, username: user.username, email: user.email };
}
