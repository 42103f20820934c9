import 'server-only';
import type { TLayerWire, TWorkspaceWire } from '@/lib/wire-types';
import { db } from '../db';
import { listVisibleLayers } from '../layers/list-visible-layers';
import { log } from '../log';
import { resolveWorkspaceAccess } from './resolve-access';
import { serializeWorkspace, workspaceSelect } from './serialize-workspace';

export type TWorkspaceDetail = TWorkspaceWire & { layers: TLayerWire[] };

/**
 * One workspace with the layer tree the caller may see ([R7.24]). Access by
 * the caller's role, or by a valid share token without any user ([R4.07]);
 * an open through a token is counted on its link. 404 when neither grants it.
 */
export async function getWorkspace(opts: { userId: number | null; workspaceId: number; shareToken?: string | null }): Promise<TWorkspaceDetail> {
  const access = await resolveWorkspaceAccess(opts);
  const [row, layers] = await Promise.all([
    db().workspace.findUniqueOrThrow({ where: { id: access.workspace.id }, select: workspaceSelect(access.userId) }),
    listVisibleLayers(access, { shareToken: access.role === 'public' ? opts.shareToken : null }),
  ]);
  if (access.shareLinkId !== null) {
    await db().shareLink.update({ where: { id: access.shareLinkId }, data: { openCount: { increment: 1 }, lastOpenedAt: new Date() } });
    log.info('share_link.opened', { shareLinkId: access.shareLinkId, workspaceId: access.workspace.id });
  }
  // Count what the caller can see: a share-token holder must not learn that restricted layers exist.
  return { ...serializeWorkspace(row, access.role), layerCount: countLayers(layers), layers };
}

function countLayers(list: TLayerWire[]): number {
  return list.reduce((n, l) => n + 1 + countLayers(l.layers), 0);
}
