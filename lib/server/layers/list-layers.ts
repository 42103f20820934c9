import 'server-only';
import { ApiError } from '../http/errors';
import { findValidShareLinkByToken } from './share-token';
import { resolveWorkspaceAccess } from '../workspaces/resolve-access';
import { listVisibleLayers } from './list-visible-layers';

/**
 * The visible layer tree of a workspace for GET /api/layers: by `workspace`
 * (member, or with `token` a share-link viewer) or by `token` alone (the
 * share link's workspace). 404 when the caller may not open the workspace.
 */
export async function listLayersFor(opts: { userId: number | null; workspaceId?: number; shareToken?: string | null }) {
  let workspaceId = opts.workspaceId;
  if (workspaceId === undefined) {
    if (!opts.shareToken) throw ApiError.field('workspace', 'This field is required.');
    const link = await findValidShareLinkByToken(opts.shareToken);
    if (!link) throw ApiError.notFound();
    workspaceId = link.workspaceId;
  }
  const useToken = opts.shareToken ?? null;
  const access = await resolveWorkspaceAccess({ userId: opts.userId, workspaceId, shareToken: useToken });
  return listVisibleLayers(access, { shareToken: access.role === 'public' ? useToken : null });
}

