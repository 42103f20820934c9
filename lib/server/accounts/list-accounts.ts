import 'server-only';
import type { TAccountWire } from '@/lib/wire-types';
import { db } from '../db';
import { accountViewScope } from '../tenancy';
import { ACCOUNT_SELECT, serializeAccount } from './serialize-account';

/** Accounts the user administers or belongs to, oldest first ([R7.19]); scoped, never throws for access. */
export async function listAccounts(userId: number): Promise<TAccountWire[]> {
  const rows = await db().account.findMany({ where: accountViewScope(userId), select: ACCOUNT_SELECT, orderBy: { id: 'asc' } });
  return rows.map(serializeAccount);
}
