import 'server-only';
import { passwordResetEmail } from '@/emails/password-reset';
import { siteTitle } from '../auth/mfa/site-title';
import { consume, RULES } from '../auth/rate-limit';
import { encodeUid } from '../auth/uid';
import { issueUserToken } from '../auth/user-tokens';
import { db } from '../db';
import { log } from '../log';
import { enqueueMail } from '../mail/outbox';
import { linkOrigin } from './link-origin';

/**
 * POST /api/auth/reset: queues a reset mail to every active user with that
 * address; answers the same whether or not one exists. The link is built on
 * `site` only when it is a configured site origin.
 */
export async function requestPasswordReset(email: string, site: string | undefined) {
  await consume(RULES.resetEmail(), `e:${email}`);
  const users = await db().user.findMany({ where: { email: { equals: email, mode: 'insensitive' }, isActive: true }, select: { id: true, username: true, email: true } });
  if (users.length === 0) return {};
  const origin = await linkOrigin(site);
  const siteName = await siteTitle();
  await db().$transaction(async (tx) => {
    for (const u of users) {
      const token = await issueUserToken(tx, u.id, 'reset');
      const url = `${origin}/password-reset/${encodeUid(u.id)}/${token}`;
      await enqueueMail(tx, 'password-reset', { to: u.email, ...passwordResetEmail({ siteName, username: u.username, url }) });
    }
  });
  log.info('auth.reset_requested', { users: users.length });
  return {};
}
