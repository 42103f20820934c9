import { z } from 'zod';
import { ZDataSourceBody } from '@/lib/schemas/datasource-settings';
import { activeAccountOf, createDataSource, listDataSources } from '@/lib/server/datasources';
import { pk } from '@/lib/server/http/drf';
import { paginateArray, ZPageQuery } from '@/lib/server/http/pagination';
import { json, withApi } from '@/lib/server/http/with-api';

// GET /api/datasources – data sources of the caller's accounts (?account= one of them) with workspaces {count, names}; members
export const GET = withApi({
  query: ZPageQuery.extend({ account: z.string().regex(/^\d{1,10}$/).transform(Number).optional() }),
  docs: { summary: 'List data sources', tags: ['datasources'] },
  handler: async ({ req, query, auth }) => paginateArray(req, query, await listDataSources(auth.user.id, query.account)),
});

// POST /api/datasources – create a data source {name, type, account?, settings, credentials?}; account admins
export const POST = withApi({
  body: ZDataSourceBody.extend({ account: pk().optional() }),
  docs: { summary: 'Create a data source', tags: ['datasources'], status: 201 },
  handler: async ({ req, body, auth }) => json(await createDataSource(auth.user.id, body, activeAccountOf(req)), 201),
});
