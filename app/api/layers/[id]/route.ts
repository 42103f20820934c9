import { z } from 'zod';
import { ZLayerPatch } from '@/lib/schemas/layer';
import { ZIdParam } from '@/lib/server/http/drf';
import { ApiError } from '@/lib/server/http/errors';
import { json, withApi } from '@/lib/server/http/with-api';
import { deleteLayer, findVisibleLayer, updateLayer } from '@/lib/server/layers';

const params = z.object({ id: ZIdParam });

// GET /api/layers/{id}(?token=) – one layer with its sub-layers; whoever may see it (restricted layers: admins, editors, group members)
export const GET = withApi({
  auth: 'optional',
  params,
  query: z.object({ token: z.string().max(200).optional() }),
  docs: { summary: 'Get a layer', tags: ['layers'] },
  handler: async ({ params, query, auth }) => {
    if (!auth && !query.token) throw ApiError.unauthenticated();
    const { layer } = await findVisibleLayer({ userId: auth?.user.id ?? null, layerId: params.id, shareToken: query.token || null });
    return json(layer, 200, { ETag: `"${layer.version}"` });
  },
});

/** The version an `If-Match: "3"` header names, if any. */
function ifMatchVersion(header: string | null): number | undefined {
  const m = header?.match(/^(?:W\/)?"?(\d{1,9})"?$/);
  return m ? Number(m[1]) : undefined;
}

// PATCH /api/layers/{id} – change a layer (name, parent, visible, data_source, template, opacity, user_groups; version or If-Match → 409 when stale); admins and editors
export const PATCH = withApi({
  params,
  body: ZLayerPatch,
  docs: { summary: 'Update a layer', tags: ['layers'] },
  handler: async ({ req, params, body, auth }) => {
    const layer = await updateLayer(auth.user.id, params.id, { ...body, version: body.version ?? ifMatchVersion(req.headers.get('if-match')) });
    return json(layer, 200, { ETag: `"${layer.version}"` });
  },
});

// DELETE /api/layers/{id} – delete a layer and its sub-layers; admins and editors
export const DELETE = withApi({
  params,
  docs: { summary: 'Delete a layer', tags: ['layers'], status: 204 },
  handler: async ({ params, auth }) => deleteLayer(auth.user.id, params.id),
});
