import { listDataSourceTypes } from '@/lib/server/datasources';
import { paginateArray, ZPageQuery } from '@/lib/server/http/pagination';
import { withApi } from '@/lib/server/http/with-api';

// GET /api/datasourcetypes – the data source types (results[] id, name, code); any signed-in user
export const GET = withApi({
  query: ZPageQuery,
  docs: { summary: 'Data source types', tags: ['datasources'] },
  handler: async ({ req, query }) => paginateArray(req, query, await listDataSourceTypes()),
});
