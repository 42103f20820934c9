import 'server-only';
import type { TWorkspaceWire } from '@/lib/wire-types';
import { db } from '../db';
import { workspaceViewScope } from '../tenancy';
import { roleOf, serializeWorkspace, workspaceSelect } from './serialize-workspace';

/**
 * Workspaces the user can open, optionally only those of one account
 * ([R7.22]); a foreign account id yields an empty list. Scoped in the query,
 * constant query count.
 */
export async function listWorkspaces(userId: number, opts: { accountId?: number } = {}): Promise<TWorkspaceWire[]> {
  const rows = await db().workspace.findMany({
    where: { AND: [workspaceViewScope(userId), opts.accountId !== undefined ? { accountId: opts.accountId } : {}] },
    select: workspaceSelect(userId),
    orderBy: { id: 'asc' },
  });
  return rows.map((r) => serializeWorkspace(r, roleOf(r, userId)));
}
