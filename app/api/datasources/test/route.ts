import { ZDataSourceBody } from '@/lib/schemas/datasource-settings';
import { testUnsavedConnection } from '@/lib/server/datasources';
import { withApi } from '@/lib/server/http/with-api';

// POST /api/datasources/test – connection test of an unsaved form {type, settings, credentials?}; any signed-in user
export const POST = withApi({
  body: ZDataSourceBody.pick({ type: true, settings: true, credentials: true }),
  rateLimit: () => ({ name: 'datasource_test', points: 120, duration: 60 }),
  docs: { summary: 'Test a data source form', tags: ['datasources'] },
  handler: async ({ body }) => testUnsavedConnection(body),
});
