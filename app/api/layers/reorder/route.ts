import { ZLayerReorder } from '@/lib/schemas/layer';
import { paginateArray } from '@/lib/server/http/pagination';
import { withApi } from '@/lib/server/http/with-api';
import { reorderLayers } from '@/lib/server/layers';

// POST /api/layers/reorder – move layers {workspace, order:[{id, parent, position}]} in one transaction; admins and editors
export const POST = withApi({
  body: ZLayerReorder,
  docs: { summary: 'Reorder layers', tags: ['layers'] },
  handler: async ({ req, body, auth }) => paginateArray(req, {}, await reorderLayers(auth.user.id, body)),
});
