import { withApi, json } from '@/lib/server/http/with-api';
import { checkHealth } from '@/lib/server/health';

// GET /api/health – database reachable and migrations applied (503 otherwise); public
export const GET = withApi({
  auth: 'optional',
  docs: { summary: 'Liveness and readiness', tags: ['operations'] },
  handler: async () => {
    const health = await checkHealth();
    return json(health, health.status === 'ok' ? 200 : 503);
  },
});
