import 'server-only';
import type { TWorkspaceCreate } from '@/lib/schemas/tenancy';
import type { TWorkspaceWire } from '@/lib/wire-types';
import { DEFAULT_CAMERA, DEFAULT_WORKSPACE_PLUGINS } from '@/lib/workspace-defaults';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { log } from '../log';
import { accountAdminScope } from '../tenancy';
import { serializeWorkspace, workspaceSelect } from './serialize-workspace';

/**
 * Creates a workspace in an account the caller manages, administered by the
 * caller (a requested `admin` is ignored), on the account's plan, with the
 * plugin and camera defaults ([R3.04]). A foreign or unknown account is a
 * 400 on `account`, exactly as DRF's scoped PrimaryKeyRelatedField answers.
 */
export async function createWorkspace(userId: number, input: TWorkspaceCreate): Promise<TWorkspaceWire> {
  const account = await db().account.findFirst({ where: { id: input.account, ...accountAdminScope(userId) }, select: { id: true, planId: true } });
  if (!account) throw ApiError.field('account', `Invalid pk "${input.account}" - object does not exist.`);
  const row = await db().workspace.create({
    data: {
      name: input.name,
      description: input.description,
      adminId: userId,
      accountId: account.id,
      planId: account.planId,
      camera: JSON.stringify(DEFAULT_CAMERA),
      workspacePlugins: JSON.stringify(DEFAULT_WORKSPACE_PLUGINS),
    },
    select: workspaceSelect(userId),
  });
  log.info('workspace.created', { workspaceId: row.id, accountId: account.id });
  return serializeWorkspace(row, 'admin');
}
