import 'server-only';
import { db } from '../db';
import { log } from '../log';
import type { TAuth } from './authenticate';

/** Ends the presented credential only: the API token of the request, or the browser session row. */
export async function logout(auth: TAuth | null) {
  if (!auth) return;
  if (auth.via === 'token') await db().apiToken.deleteMany({ where: { keyHash: auth.tokenHash } });
  else await db().session.deleteMany({ where: { id: auth.sessionId } });
  log.info('auth.logout', { userId: auth.user.id, via: auth.via });
}
