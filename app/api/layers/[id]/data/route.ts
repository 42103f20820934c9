import { z } from 'zod';
import { ZIdParam } from '@/lib/server/http/drf';
import { ApiError } from '@/lib/server/http/errors';
import { withApi } from '@/lib/server/http/with-api';
import { layerDataResponse } from '@/lib/server/layers';

// GET /api/layers/{id}/data(?token=) – the uploaded file behind a layer (GeoJSON / PMTiles, byte ranges); whoever may see the layer
export const GET = withApi({
  auth: 'optional',
  params: z.object({ id: ZIdParam }),
  query: z.object({ token: z.string().max(200).optional() }),
  docs: { summary: 'Uploaded data of a layer', tags: ['layers'] },
  handler: async ({ req, params, query, auth }) => {
    if (!auth && !query.token) throw ApiError.unauthenticated();
    return layerDataResponse({ userId: auth?.user.id ?? null, layerId: params.id, shareToken: query.token || null, range: req.headers.get('range') });
  },
});
