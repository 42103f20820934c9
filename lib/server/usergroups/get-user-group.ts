import 'server-only';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { userGroupViewScope } from '../tenancy';
import { GROUP_SELECT, toGroupWire } from './user-group-wire';

/** One group of the caller's accounts with its members; 404 when missing or foreign. */
export async function getUserGroup(userId: number, id: number) {
  const g = await db().userGroup.findFirst({
    where: { id, ...userGroupViewScope(userId) },
    select: { ...GROUP_SELECT, members: { select: { user: { select: { id: true, username: true, email: true } } }, orderBy: { id: 'asc' } } },
  });
  if (!g) throw ApiError.notFound();
  return { ...toGroupWire(g), members: g.members.map((m) => m.user) };
}
