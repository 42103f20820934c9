import 'server-only';
import type { Prisma } from '@/lib/generated/prisma/client';

/**
 * Tenant scope as Prisma `where` fragments (documenso's buildTeamWhereQuery):
 * every query that reads or writes tenant data puts one of these in its
 * `where`, never an `if` after the fetch. Each throws on a missing user id,
 * because Prisma silently drops `undefined` filters.
 *
 * Roles (README, "Rights"): the account admin (or a member with role
 * 'admin') administers everything in the account; workspace editors edit that
 * workspace; invitees and account members view; share-token holders view
 * anonymously; group-restricted layers are seen only by admins, editors and
 * members of one of the layer's groups.
 */
function requireUserId(userId: number | undefined | null): number {
  if (typeof userId !== 'number' || !Number.isInteger(userId) || userId <= 0) throw new Error('tenant scope without a user id');
  return userId;
}

/** Accounts the user administers or belongs to. */
export function accountViewScope(userId: number): Prisma.AccountWhereInput {
  const id = requireUserId(userId);
  return { OR: [{ adminId: id }, { members: { some: { userId: id } } }] };
}

/** Accounts the user may manage (data sources, groups, workspaces, the account itself). */
export function accountAdminScope(userId: number): Prisma.AccountWhereInput {
  const id = requireUserId(userId);
  return { OR: [{ adminId: id }, { members: { some: { userId: id, role: 'admin' } } }] };
}

/** Workspaces the user may open. */
export function workspaceViewScope(userId: number): Prisma.WorkspaceWhereInput {
  const id = requireUserId(userId);
  return {
    OR: [
      { adminId: id },
      { account: accountViewScope(id) },
      { editors: { some: { userId: id } } },
      { invites: { some: { userId: id } } },
    ],
  };
}

/** Workspaces the user may edit (settings, camera, plugins, layers). */
export function workspaceEditScope(userId: number): Prisma.WorkspaceWhereInput {
  const id = requireUserId(userId);
  return { OR: [{ adminId: id }, { account: accountAdminScope(id) }, { editors: { some: { userId: id } } }] };
}

/** Workspaces the user administers (delete, editors, invites, share links). */
export function workspaceAdminScope(userId: number): Prisma.WorkspaceWhereInput {
  const id = requireUserId(userId);
  return { OR: [{ adminId: id }, { account: accountAdminScope(id) }] };
}

/**
 * Layers of a workspace the caller may see: unrestricted ones, ones whose
 * groups include the user, and all of them for editors/admins. `userId` null
 * means a share-token viewer: unrestricted layers only.
 */
export function layerVisibleScope(userId: number | null): Prisma.LayerWhereInput {
  if (userId === null) return { userGroups: { none: {} } };
  const id = requireUserId(userId);
  return {
    OR: [
      { userGroups: { none: {} } },
      { userGroups: { some: { userGroup: { members: { some: { userId: id } } } } } },
      { workspace: workspaceEditScope(id) },
    ],
  };
}

/** Data sources of accounts the user belongs to (read). */
export function dataSourceViewScope(userId: number): Prisma.DataSourceWhereInput {
  return { account: accountViewScope(userId) };
}

/** Data sources of accounts the user manages (write). */
export function dataSourceAdminScope(userId: number): Prisma.DataSourceWhereInput {
  return { account: accountAdminScope(userId) };
}

/** User groups of accounts the user belongs to (read) / manages (write). */
export function userGroupViewScope(userId: number): Prisma.UserGroupWhereInput {
  return { account: accountViewScope(userId) };
}
export function userGroupAdminScope(userId: number): Prisma.UserGroupWhereInput {
  return { account: accountAdminScope(userId) };
}
