import { RULES } from '@/lib/server/auth/rate-limit';
import { withApi } from '@/lib/server/http/with-api';
import { requestPasswordReset } from '@/lib/server/users';
import { ZEmptyResponse, ZResetBody } from '@/lib/schemas/auth';

// POST /api/auth/reset – mail a reset link if the address belongs to an active user; always {}; anyone
export const POST = withApi({
  auth: 'optional',
  body: ZResetBody,
  rateLimit: RULES.reset,
  docs: { summary: 'Request a password reset mail', tags: ['auth'], response: ZEmptyResponse },
  handler: async ({ body }) => requestPasswordReset(body.email, body.site),
});
