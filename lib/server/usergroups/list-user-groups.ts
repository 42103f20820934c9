import 'server-only';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { accountViewScope, userGroupViewScope } from '../tenancy';
import { GROUP_SELECT, toGroupWire } from './user-group-wire';

/** Groups of the caller's accounts (or of one visible account; foreign → 404), by name. */
export async function listUserGroups(userId: number, accountId?: number) {
  if (accountId !== undefined && !(await db().account.count({ where: { id: accountId, ...accountViewScope(userId) } }))) throw ApiError.notFound();
  const rows = await db().userGroup.findMany({
    where: { ...userGroupViewScope(userId), ...(accountId !== undefined ? { accountId } : {}) },
    select: GROUP_SELECT,
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
  return rows.map(toGroupWire);
}
