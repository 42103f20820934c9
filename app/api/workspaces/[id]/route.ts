import { z } from 'zod';
import { ZWorkspaceUpdate } from '@/lib/schemas/tenancy';
import { ZWorkspaceDetailWire, ZWorkspaceWire } from '@/lib/schemas/tenancy-wire';
import { ZIdParam } from '@/lib/server/http/drf';
import { ApiError } from '@/lib/server/http/errors';
import { withApi } from '@/lib/server/http/with-api';
import { deleteWorkspace, getWorkspace, updateWorkspace } from '@/lib/server/workspaces';

const params = z.object({ id: ZIdParam });

// GET /api/workspaces/{id}[?token=] – one workspace with its visible layers; viewers, or anyone with a valid share token
export const GET = withApi({
  auth: 'optional',
  params,
  query: z.object({ token: z.string().max(200).optional() }),
  docs: { summary: 'One workspace (optionally through a share token)', tags: ['workspaces'], response: ZWorkspaceDetailWire },
  handler: async ({ params, query, auth }) => {
    if (!auth && !query.token) throw ApiError.unauthenticated();
    return getWorkspace({ userId: auth?.user.id ?? null, workspaceId: params.id, shareToken: query.token ?? null });
  },
});

// PATCH /api/workspaces/{id} – settings (version or If-Match must be current, else 409); admins and editors, editors list admins only
export const PATCH = withApi({
  params,
  body: ZWorkspaceUpdate,
  docs: { summary: 'Update a workspace', tags: ['workspaces'], response: ZWorkspaceWire },
  handler: async ({ req, params, body, auth }) => {
    const ifMatch = req.headers.get('if-match')?.replace(/^W\//, '').replace(/"/g, '').trim();
    const expected = ifMatch && /^\d{1,9}$/.test(ifMatch) ? Number(ifMatch) : undefined;
    return updateWorkspace(auth.user.id, params.id, body, expected);
  },
});

// DELETE /api/workspaces/{id} – delete with layers, invites and share links; workspace admins
export const DELETE = withApi({
  params,
  docs: { summary: 'Delete a workspace', tags: ['workspaces'], status: 204 },
  handler: async ({ params, auth }) => deleteWorkspace(auth.user.id, params.id),
});
