import type { TLayerWire, TWorkspaceWire } from '@/lib/wire-types';

/**
 * The map pages' calls to the app's own API (same origin, session cookie).
 * Every write carries the object's version; a 409 means someone else saved
 * first and becomes a StaleError the UI explains.
 */
export class StaleError extends Error {}
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(describe(body) ?? `Request failed (${status})`);
  }
}

function describe(body: unknown): string | null {
  // A plain-text answer is shown only when short; an HTML error page never is.
  if (!body || typeof body !== 'object') return typeof body === 'string' && body && body.length < 200 && !body.trimStart().startsWith('<') ? body : null;
  const b = body as Record<string, unknown>;
  if (typeof b.detail === 'string') return b.detail;
  const first = Object.entries(b)[0];
  if (first) return `${first[0]}: ${Array.isArray(first[1]) ? first[1].join(' ') : String(first[1])}`;
  return null;
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? { Accept: 'application/json' } : { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (res.status === 409) throw new StaleError(describe(data) ?? 'Conflict');
  if (!res.ok) throw new ApiCallError(res.status, data);
  return data as T;
}

type TPage<T> = { results: T[] } | T[];
const rows = <T,>(p: TPage<T>): T[] => (Array.isArray(p) ? p : (p.results ?? []));

export type TWorkspacePatch = { name?: string; description?: string; camera?: string; workspacePlugins?: string; mobile?: boolean; version: number };
export type TLayerPatch = { name?: string; visible?: boolean; template?: string; opacity?: number; parent?: number | null; user_groups?: number[]; version: number };
export type TDataSourceOption = { id: number; name: string; type: number | null };
export type TUserGroupOption = { id: number; name: string };

export const api = {
  patchWorkspace: (id: number, body: TWorkspacePatch) => call<TWorkspaceWire>('PATCH', `/api/workspaces/${id}`, body),
  patchLayer: (id: number, body: TLayerPatch) => call<TLayerWire>('PATCH', `/api/layers/${id}`, body),
  createLayer: (body: { workspace: number; name: string; data_source: number | null; parent?: number | null; visible?: boolean; template?: string }) => call<TLayerWire>('POST', '/api/layers', body),
  deleteLayer: (id: number) => call<null>('DELETE', `/api/layers/${id}`),
  /** POST /api/layers/reorder takes {workspace, order: [{id, parent, position}]} and answers the new visible tree. */
  reorderLayers: (workspace: number, parent: number | null, order: number[]) =>
    call<unknown>('POST', '/api/layers/reorder', { workspace, order: order.map((id, position) => ({ id, parent, position })) }),
  listDataSources: async () => rows(await call<TPage<TDataSourceOption>>('GET', '/api/datasources')),
  listUserGroups: async () => rows(await call<TPage<TUserGroupOption>>('GET', '/api/userGroup')),
};

/** A message for a failed write, with the stale-version case spelled out. */
export function writeErrorText(err: unknown): string {
  if (err instanceof StaleError) return 'Someone else changed this in the meantime. Reload the page to get the latest version, then try again.';
  if (err instanceof ApiCallError) return err.message;
  return 'Could not reach the server. Try again.';
}
