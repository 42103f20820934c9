import { withApi, json } from '@/lib/server/http/with-api';

// GET /api/health/live – liveness: the process answers (no database; /api/health is readiness); public
export const GET = withApi({
  auth: 'optional',
  docs: { summary: 'Liveness (process up, no database round trip)', tags: ['operations'] },
  handler: async () => json({ status: 'ok' }),
});
