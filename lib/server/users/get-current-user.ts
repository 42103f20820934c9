import 'server-only';
import { db } from '../db';

/** The caller as the API shows a user ([R3.01]): id, username, email, date_joined, last_login. */
export async function getCurrentUser(userId: number) {
  const u = await db().user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, username: true, email: true, dateJoined: true, lastLogin: true } });
  return { id: u.id, username: u.username, email: u.email, date_joined: u.dateJoined.toISOString(), last_login: u.lastLogin?.toISOString() ?? null };
}
