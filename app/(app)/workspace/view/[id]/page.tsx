import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { WorkspaceMapLoader } from '@/components/map/workspace-map-loader';
import { getViewer } from '@/lib/server/shell/load-shell-state';
import { loadViewOr404, parseWorkspaceId } from '@/lib/server/workspaces/load-workspace-page';

export const metadata: Metadata = { title: 'Workspace · Mapspace' };

/** /workspace/view/{id} ([R2.12]): the map of a workspace for everyone who may view it. */
export default async function WorkspaceViewPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const workspaceId = parseWorkspaceId(id);
  const viewer = await getViewer().catch(() => null);
  if (!viewer) redirect('/');
  const view = await loadViewOr404({ userId: viewer.user.id, workspaceId });
  return <WorkspaceMapLoader workspace={view.workspace} layers={view.layers} mode="view" shareToken={null} />;
}
