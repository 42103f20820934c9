import { z } from 'zod';
import { ZIdParam } from '@/lib/server/http/drf';
import { ApiError } from '@/lib/server/http/errors';
import { withApi } from '@/lib/server/http/with-api';
import { layerTileResponse } from '@/lib/server/layers';

const ZTileNumber = z.string().regex(/^\d{1,8}$/).transform(Number);

// GET /api/layers/{id}/tiles/{z}/{x}/{y}(?v=&token=) – a GeoJSON layer as a vector tile (layer "features"); whoever may see the layer (session, API token or share token)
export const GET = withApi({
  auth: 'optional',
  params: z.object({ id: ZIdParam, z: ZTileNumber, x: ZTileNumber, y: ZTileNumber }),
  query: z.object({ token: z.string().max(200).optional(), v: z.string().max(40).optional() }),
  docs: { summary: 'Vector tile of a GeoJSON layer', tags: ['layers'] },
  handler: async ({ params, query, auth }) => {
    if (!auth && !query.token) throw ApiError.unauthenticated();
    return layerTileResponse({ userId: auth?.user.id ?? null, layerId: params.id, shareToken: query.token || null, z: params.z, x: params.x, y: params.y });
  },
});
