import { z } from 'zod';
import { ZIdParam } from '@/lib/server/http/drf';
import { ApiError } from '@/lib/server/http/errors';
import { withApi } from '@/lib/server/http/with-api';
import { layerTileJsonResponse } from '@/lib/server/layers';

// GET /api/layers/{id}/tiles(?token=&v=) – TileJSON of a GeoJSON layer served as vector tiles (bounds, tile URL template); whoever may see the layer
export const GET = withApi({
  auth: 'optional',
  params: z.object({ id: ZIdParam }),
  query: z.object({ token: z.string().max(200).optional(), v: z.string().max(40).optional() }),
  docs: { summary: 'TileJSON of a GeoJSON layer', tags: ['layers'] },
  handler: async ({ params, query, auth }) => {
    if (!auth && !query.token) throw ApiError.unauthenticated();
    return layerTileJsonResponse({ userId: auth?.user.id ?? null, layerId: params.id, shareToken: query.token || null });
  },
});
