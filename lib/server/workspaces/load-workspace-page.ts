import 'server-only';
import { notFound } from 'next/navigation';
import { ApiError } from '@/lib/server/http/errors';
import { loadWorkspaceView, type TWorkspaceView } from '@/lib/server/workspaces/load-workspace-view';

/** Parses a route id: a positive integer, anything else is a 404 page. */
export function parseWorkspaceId(raw: string): number {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (!id) notFound();
  return id;
}

/** loadWorkspaceView for a page: a workspace the caller cannot see renders Next's 404 page. */
export async function loadViewOr404(opts: { userId: number | null; workspaceId: number; shareToken?: string | null }): Promise<TWorkspaceView> {
  try {
    return await loadWorkspaceView(opts);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) notFound();
    throw err;
  }
}
