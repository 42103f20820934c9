import { buildOpenApi } from '@/lib/server/http/openapi';
import { publicOrigin } from '@/lib/server/http/pagination';
import { withApi } from '@/lib/server/http/with-api';

// GET /api/schema – the OpenAPI 3.1 document of every endpoint, generated from the routes' zod schemas; public
export const GET = withApi({
  auth: 'optional',
  docs: { summary: 'OpenAPI 3.1 document', tags: ['operations'] },
  handler: async ({ req }) => buildOpenApi(publicOrigin(req)),
});
