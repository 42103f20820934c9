/**
 * The workspace action × role table (README, "Rights"), enforced in one
 * place: services ask `can(role, action)` after resolving the caller's role
 * with the tenancy scopes. SPEC §4 [R4.06]: admin right when the workspace
 * admin equals the (active) account admin; edit right for editors.
 */
export type TWorkspaceRole = 'admin' | 'editor' | 'viewer' | 'public';

export type TWorkspaceAction =
  | 'view'
  | 'viewRestrictedLayers'
  | 'edit'
  | 'editLayers'
  | 'saveCamera'
  | 'clone'
  | 'manageEditors'
  | 'manageInvites'
  | 'manageShares'
  | 'delete';

export const RIGHTS: Record<TWorkspaceAction, readonly TWorkspaceRole[]> = {
  view: ['admin', 'editor', 'viewer', 'public'],
  viewRestrictedLayers: ['admin', 'editor'],
  edit: ['admin', 'editor'],
  editLayers: ['admin', 'editor'],
  saveCamera: ['admin', 'editor'],
  clone: ['admin'],
  manageEditors: ['admin'],
  manageInvites: ['admin'],
  manageShares: ['admin'],
  delete: ['admin'],
};

export function can(role: TWorkspaceRole | null, action: TWorkspaceAction): boolean {
  return role !== null && RIGHTS[action].includes(role);
}
