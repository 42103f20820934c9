import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { WorkspaceMapLoader } from '@/components/map/workspace-map-loader';
import { can } from '@/lib/rights';
import { getViewer } from '@/lib/server/shell/load-shell-state';
import { loadViewOr404, parseWorkspaceId } from '@/lib/server/workspaces/load-workspace-page';

export const metadata: Metadata = { title: 'Edit workspace · Mapspace' };

/** /workspace/{id} ([R2.10]): the map in edit mode for admins and editors; viewers get the read-only map. */
export default async function WorkspaceEditPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const workspaceId = parseWorkspaceId(id);
  const viewer = await getViewer().catch(() => null);
  if (!viewer) redirect('/');
  const view = await loadViewOr404({ userId: viewer.user.id, workspaceId });
  const mode = can(view.workspace.role ?? null, 'edit') ? 'edit' : 'view';
  return <WorkspaceMapLoader workspace={view.workspace} layers={view.layers} mode={mode} shareToken={null} />;
}
