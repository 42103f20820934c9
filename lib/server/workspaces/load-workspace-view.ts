import 'server-only';
import type { TLayerWire, TWorkspaceWire } from '@/lib/wire-types';
import { getWorkspace } from './get-workspace';
import { findValidShareLink } from './resolve-access';

export type TWorkspaceView = { workspace: TWorkspaceWire; layers: TLayerWire[] };

/**
 * Everything a workspace map page needs, read on the server: the workspace
 * (with the caller's role) and the layer tree the caller may see — the same
 * service as GET /api/workspaces/{id}, so pages and API cannot disagree.
 * Throws ApiError 404 when the caller cannot view it (missing, foreign,
 * invalid token).
 */
export async function loadWorkspaceView(opts: { userId: number | null; workspaceId: number; shareToken?: string | null }): Promise<TWorkspaceView> {
  const { layers, ...workspace } = await getWorkspace(opts);
  return { workspace, layers };
}

/** Whether a share token is currently valid for this workspace (no access check beyond the token itself). */
export async function isShareTokenValid(workspaceId: number, token: string): Promise<boolean> {
  return (await findValidShareLink(workspaceId, token)) !== null;
}
