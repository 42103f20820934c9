import 'server-only';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { userGroupViewScope } from '../tenancy';
import { requireGroupAdmin } from './user-group-wire';

const USER = { id: true, username: true, email: true } as const;

/** Members of a group of the caller's accounts; 404 when missing or foreign. */
export async function listGroupMembers(userId: number, groupId: number) {
  const g = await db().userGroup.findFirst({
    where: { id: groupId, ...userGroupViewScope(userId) },
    select: { members: { select: { user: { select: USER } }, orderBy: { id: 'asc' } } },
  });
  if (!g) throw ApiError.notFound();
  return g.members.map((m) => m.user);
}

/** Adds an active user found by username or e-mail (case-insensitive) to a group the caller administers. 400 when no such user or already a member. */
export async function addGroupMember(userId: number, groupId: number, who: string) {
  await requireGroupAdmin(userId, groupId);
  const user = await db().user.findFirst({
    where: { isActive: true, OR: [{ username: { equals: who, mode: 'insensitive' } }, { email: { equals: who, mode: 'insensitive' } }] },
    select: USER,
  });
  if (!user) throw ApiError.field('user', 'No user with this username or e-mail address.');
  const exists = await db().userGroupMember.count({ where: { groupId, userId: user.id } });
  if (exists) throw ApiError.field('user', 'This user is already a member of the group.');
  await db().$transaction([
    db().userGroupMember.create({ data: { groupId, userId: user.id } }),
    db().userGroup.update({ where: { id: groupId }, data: { updatedAt: new Date() } }),
  ]);
  return user;
}

/** Removes a member from a group the caller administers; 404 when the group is foreign or the user is not a member. */
export async function removeGroupMember(userId: number, groupId: number, memberId: number) {
  await requireGroupAdmin(userId, groupId);
  const res = await db().userGroupMember.deleteMany({ where: { groupId, userId: memberId } });
  if (!res.count) throw ApiError.notFound();
}
