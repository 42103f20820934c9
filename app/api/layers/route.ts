import { z } from 'zod';
import { ZLayerCreate } from '@/lib/schemas/layer';
import { paginateArray, ZPageQuery } from '@/lib/server/http/pagination';
import { ApiError } from '@/lib/server/http/errors';
import { json, withApi } from '@/lib/server/http/with-api';
import { createLayer, listLayersFor } from '@/lib/server/layers';

// GET /api/layers?workspace={id} or ?token={share token} – the visible layer tree (results = root layers); members or share-link holders (anonymous without a token → 401)
export const GET = withApi({
  auth: 'optional',
  query: ZPageQuery.extend({
    workspace: z.string().regex(/^\d{1,10}$/, 'A valid integer is required.').transform(Number).optional(),
    token: z.string().max(200).optional(),
  }),
  docs: { summary: 'Visible layer tree of a workspace', tags: ['layers'] },
  handler: async ({ req, query, auth }) => {
    if (!auth && !query.token) throw ApiError.unauthenticated();
    return paginateArray(req, query, await listLayersFor({ userId: auth?.user.id ?? null, workspaceId: query.workspace, shareToken: query.token || null }));
  },
});

// POST /api/layers – create a layer or group in a workspace; workspace admins and editors
export const POST = withApi({
  body: ZLayerCreate,
  docs: { summary: 'Create a layer', tags: ['layers'], status: 201 },
  handler: async ({ body, auth }) => json(await createLayer(auth.user.id, body), 201),
});
