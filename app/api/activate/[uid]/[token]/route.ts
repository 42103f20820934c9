import { RULES } from '@/lib/server/auth/rate-limit';
import { withApi } from '@/lib/server/http/with-api';
import { activateUser } from '@/lib/server/users';
import { ZActivatedResponse, ZActivationParams } from '@/lib/schemas/auth';

// GET /api/activate/{uid}/{token}/ – activate a registered user from the mail link → "Activated"; anyone
export const GET = withApi({
  auth: 'optional',
  params: ZActivationParams,
  rateLimit: RULES.activation,
  docs: { summary: 'Activate an account', tags: ['auth'], response: ZActivatedResponse },
  handler: async ({ params }) => activateUser(params.uid, params.token),
});
