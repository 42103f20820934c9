import { z } from 'zod';
import { testSavedConnection } from '@/lib/server/datasources';
import { ZIdParam } from '@/lib/server/http/drf';
import { withApi } from '@/lib/server/http/with-api';

// POST /api/datasources/{id}/test – connection test of a saved data source with its stored credentials; account admins
export const POST = withApi({
  params: z.object({ id: ZIdParam }),
  rateLimit: () => ({ name: 'datasource_test', points: 120, duration: 60 }),
  docs: { summary: 'Test a saved data source', tags: ['datasources'] },
  handler: async ({ params, auth }) => testSavedConnection(auth.user.id, params.id),
});
