import { z } from 'zod';
import { ZDataSourcePatch } from '@/lib/schemas/datasource-settings';
import { deleteDataSource, getDataSource, updateDataSource } from '@/lib/server/datasources';
import { ZIdParam } from '@/lib/server/http/drf';
import { withApi } from '@/lib/server/http/with-api';

const params = z.object({ id: ZIdParam });

// GET /api/datasources/{id} – one data source (no credentials); account members
export const GET = withApi({
  params,
  docs: { summary: 'Get a data source', tags: ['datasources'] },
  handler: async ({ params, auth }) => getDataSource(auth.user.id, params.id),
});

// PATCH /api/datasources/{id} – change name, type, settings, credentials; account admins
export const PATCH = withApi({
  params,
  body: ZDataSourcePatch,
  docs: { summary: 'Update a data source', tags: ['datasources'] },
  handler: async ({ params, body, auth }) => updateDataSource(auth.user.id, params.id, body),
});

// DELETE /api/datasources/{id} – delete a data source and its file; account admins
export const DELETE = withApi({
  params,
  docs: { summary: 'Delete a data source', tags: ['datasources'], status: 204 },
  handler: async ({ params, auth }) => deleteDataSource(auth.user.id, params.id),
});
