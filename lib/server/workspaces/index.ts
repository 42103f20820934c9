import 'server-only';
export { cloneWorkspace } from './clone-workspace';
export { createWorkspace } from './create-workspace';
export { deleteWorkspace } from './delete-workspace';
export { getWorkspace, type TWorkspaceDetail } from './get-workspace';
export { listWorkspaces } from './list-workspaces';
export { findValidShareLink, requireWorkspaceAction, resolveWorkspaceAccess, type TWorkspaceAccess } from './resolve-access';
export { roleOf, serializeWorkspace, workspaceSelect } from './serialize-workspace';
export { updateWorkspace } from './update-workspace';
