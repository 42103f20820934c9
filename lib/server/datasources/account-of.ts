import 'server-only';
import type { TTx } from '../db';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { accountAdminScope, accountViewScope } from '../tenancy';

/**
 * The account a write goes to: the given id (must be one the caller
 * administers, else a field error like DRF's bad pk), else the active account
 * cookie's, else the caller's first administered account. Throws 400 when the
 * caller administers no account.
 */
export async function resolveAdminAccount(userId: number, accountId: number | undefined, activeAccountId?: number | null, tx?: TTx): Promise<number> {
  const client = tx ?? db();
  if (accountId !== undefined) {
    const acc = await client.account.findFirst({ where: { id: accountId, ...accountAdminScope(userId) }, select: { id: true } });
    if (!acc) throw ApiError.field('account', `Invalid pk "${accountId}" - object does not exist.`);
    return acc.id;
  }
  const accounts = await client.account.findMany({ where: accountAdminScope(userId), select: { id: true }, orderBy: { id: 'asc' } });
  const active = accounts.find((a) => a.id === activeAccountId) ?? accounts[0];
  if (!active) throw ApiError.field('account', 'This field is required.');
  return active.id;
}

/** Account ids the caller belongs to (optionally just one, which must be visible, else 404). */
export async function viewableAccountIds(userId: number, accountId?: number): Promise<number[]> {
  const rows = await db().account.findMany({ where: { ...accountViewScope(userId), ...(accountId !== undefined ? { id: accountId } : {}) }, select: { id: true } });
  return rows.map((r) => r.id);
}

/** The active-account cookie of a request, if any. */
export function activeAccountOf(req: { cookies: { get(name: string): { value: string } | undefined } }): number | null {
  const n = Number(req.cookies.get('activeAccount')?.value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** Whether the caller administers account `accountId` (may manage its data sources and groups). */
export async function canManageAccount(userId: number, accountId: number): Promise<boolean> {
  return (await db().account.count({ where: { id: accountId, ...accountAdminScope(userId) } })) > 0;
}
