import 'server-only';
import type { TLayerWire, TWorkspaceWire } from '@/lib/wire-types';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { listVisibleLayers } from '../layers/list-visible-layers';
import { findValidShareLink, resolveWorkspaceAccess } from './resolve-access';

export type TWorkspaceView = { workspace: TWorkspaceWire; layers: TLayerWire[] };

function countLayers(list: TLayerWire[]): number {
  return list.reduce((n, l) => n + (l.isGroup ? 0 : 1) + countLayers(l.layers), 0);
}

/**
 * Everything a workspace map page needs, read on the server: the workspace as
 * TWorkspaceWire (with the caller's role) and the layer tree the caller may
 * see. Checks access with resolveWorkspaceAccess; a share token alone gives
 * the 'public' role (restricted layers absent). Throws ApiError 404 when the
 * caller cannot view the workspace (missing, foreign, invalid token).
 */
export async function loadWorkspaceView(opts: { userId: number | null; workspaceId: number; shareToken?: string | null }): Promise<TWorkspaceView> {
  const access = await resolveWorkspaceAccess(opts);
  const [row, layers] = await Promise.all([
    db().workspace.findUnique({
      where: { id: access.workspace.id },
      select: {
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
        editors: { select: { userId: true }, orderBy: { userId: 'asc' } },
      },
    }),
    listVisibleLayers(access, { shareToken: access.role === 'public' ? opts.shareToken : null }),
  ]);
  if (!row) throw ApiError.notFound();
  if (access.shareLinkId !== null) {
    await db()
      .shareLink.update({ where: { id: access.shareLinkId }, data: { openCount: { increment: 1 }, lastOpenedAt: new Date() } })
      .catch(() => undefined);
  }
  const isPublic = access.role === 'public';
  const workspace: TWorkspaceWire = {
    id: row.id,
    name: row.name,
    description: row.description,
    admin: row.adminId,
    account: row.accountId,
    plan: row.plan,
    // A share-token holder does not learn who edits the workspace.
    editors: isPublic ? [] : row.editors.map((e) => e.userId),
    camera: row.camera,
    workspacePlugins: row.workspacePlugins,
    mobile: row.mobile,
    layerCount: countLayers(layers),
    version: row.version,
    date_modified: row.updatedAt.toISOString(),
    role: access.role,
  };
  return { workspace, layers };
}

/** Whether a share token is currently valid for this workspace (no access check beyond the token itself). */
export async function isShareTokenValid(workspaceId: number, token: string): Promise<boolean> {
  return (await findValidShareLink(workspaceId, token)) !== null;
}
