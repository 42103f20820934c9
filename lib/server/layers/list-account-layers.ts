import 'server-only';
import { db } from '../db';
import { accountViewScope } from '../tenancy';
import { resolveWorkspaceAccess } from '../workspaces/resolve-access';
import { listVisibleLayers } from './list-visible-layers';

/**
 * The layers page: every workspace of one account the caller belongs to, each
 * with its visible layer tree and the caller's role (admins and editors may
 * attach groups). Empty when the account is not the caller's.
 */
export async function listAccountLayers(userId: number, accountId: number) {
  const account = await db().account.findFirst({ where: { id: accountId, ...accountViewScope(userId) }, select: { id: true } });
  if (!account) return [];
  const workspaces = await db().workspace.findMany({ where: { accountId: account.id }, select: { id: true, name: true }, orderBy: [{ name: 'asc' }, { id: 'asc' }] });
  return Promise.all(
    workspaces.map(async (w) => {
      const access = await resolveWorkspaceAccess({ userId, workspaceId: w.id });
      return { id: w.id, name: w.name, role: access.role, layers: await listVisibleLayers(access) };
    }),
  );
}
