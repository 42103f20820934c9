import 'server-only';
import type { TUserGroupWire } from '@/lib/wire-types';
import type { TTx } from '../db';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { userGroupAdminScope, userGroupViewScope } from '../tenancy';

export const GROUP_SELECT = { id: true, name: true, updatedAt: true, accountId: true } as const;

export function toGroupWire(g: { id: number; name: string; updatedAt: Date; accountId: number }): TUserGroupWire {
  return { id: g.id, name: g.name, date_modified: g.updatedAt.toISOString(), account: g.accountId };
}

/** The group if the caller administers its account; 404 when they cannot see it, 403 when they only view it. */
export async function requireGroupAdmin(userId: number, id: number, tx?: TTx) {
  const client = tx ?? db();
  const g = await client.userGroup.findFirst({ where: { id, ...userGroupAdminScope(userId) }, select: GROUP_SELECT });
  if (g) return g;
  const visible = await client.userGroup.count({ where: { id, ...userGroupViewScope(userId) } });
  throw visible ? ApiError.forbidden() : ApiError.notFound();
}
