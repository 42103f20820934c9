import 'server-only';
import type { TWorkspaceRole } from '@/lib/rights';
import type { TWorkspaceWire } from '@/lib/wire-types';
import { layerVisibleScope } from '../tenancy';
import { roleFromRelations } from './resolve-access';

/**
 * The select behind every workspace answer: counts and ids come from joins
 * in the same query, so a list costs a constant number of queries.
 * `userId` (null for share-token viewers) narrows the role helpers to the caller.
 */
export function workspaceSelect(userId: number | null) {
  const uid = userId ?? -1;
  return {
    id: true,
    name: true,
    description: true,
    adminId: true,
    accountId: true,
    camera: true,
    workspacePlugins: true,
    mobile: true,
    version: true,
    updatedAt: true,
    plan: { select: { id: true, name: true } },
    editors: { select: { userId: true }, orderBy: { userId: 'asc' as const } },
    // What the caller may see: a viewer must not learn how many group-restricted layers exist.
    _count: { select: { layers: { where: layerVisibleScope(userId) } } },
    account: { select: { adminId: true, members: { where: { userId: uid }, select: { role: true } } } },
    invites: { where: { userId: uid }, select: { id: true } },
  };
}

export type TWorkspaceRow = {
  id: number;
  name: string;
  description: string;
  adminId: number;
  accountId: number;
  camera: string;
  workspacePlugins: string;
  mobile: boolean;
  version: number;
  updatedAt: Date;
  plan: { id: number; name: string } | null;
  editors: { userId: number }[];
  _count: { layers: number };
  account: { adminId: number; members: { role: string }[] };
  invites: { id: number }[];
};

/** The caller's role from a row loaded with workspaceSelect (same rules as resolveWorkspaceAccess). */
export function roleOf(row: TWorkspaceRow, userId: number | null): TWorkspaceRole | null {
  if (userId === null) return 'public';
  return roleFromRelations(userId, { ...row, editors: row.editors.filter((e) => e.userId === userId) });
}

/** A workspace as the API answers it ([R3.04]); share-token viewers do not see the editor list. */
export function serializeWorkspace(row: TWorkspaceRow, role: TWorkspaceRole | null): TWorkspaceWire {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    admin: row.adminId,
    account: row.accountId,
    plan: row.plan ? { id: row.plan.id, name: row.plan.name } : null,
    editors: role === 'public' ? [] : row.editors.map((e) => e.userId),
    camera: row.camera,
    workspacePlugins: row.workspacePlugins,
    mobile: row.mobile,
    layerCount: row._count.layers,
    version: row.version,
    date_modified: row.updatedAt.toISOString(),
    ...(role && { role }),
  };
}
