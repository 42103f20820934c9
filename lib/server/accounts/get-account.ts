import 'server-only';
import type { TAccountWire } from '@/lib/wire-types';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { accountAdminScope, accountViewScope } from '../tenancy';
import { ACCOUNT_SELECT, serializeAccount } from './serialize-account';

export type TAccountWithRole = TAccountWire & { canManage: boolean };

/** The account with this slug if the user may see it, else null; `canManage` tells admins apart. */
export async function findAccountBySlug(userId: number, slug: string): Promise<TAccountWithRole | null> {
  const row = await db().account.findFirst({ where: { slug, ...accountViewScope(userId) }, select: ACCOUNT_SELECT });
  if (!row) return null;
  const manage = await db().account.count({ where: { id: row.id, ...accountAdminScope(userId) } });
  return { ...serializeAccount(row), canManage: manage > 0 };
}

/** The account by id if the user may see it; throws 404 otherwise (foreign = missing). */
export async function getAccount(userId: number, id: number): Promise<TAccountWithRole> {
  const row = await db().account.findFirst({ where: { id, ...accountViewScope(userId) }, select: ACCOUNT_SELECT });
  if (!row) throw ApiError.notFound();
  const manage = await db().account.count({ where: { id: row.id, ...accountAdminScope(userId) } });
  return { ...serializeAccount(row), canManage: manage > 0 };
}
