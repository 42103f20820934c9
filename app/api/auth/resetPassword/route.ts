import { RULES } from '@/lib/server/auth/rate-limit';
import { withApi } from '@/lib/server/http/with-api';
import { resetPassword } from '@/lib/server/users';
import { ZEmptyResponse, ZResetPasswordBody } from '@/lib/schemas/auth';

// POST /api/auth/resetPassword – set a new password from a mail link, or change one's own (pw_token false); anyone / signed-in user
export const POST = withApi({
  auth: 'optional',
  body: ZResetPasswordBody,
  rateLimit: RULES.reset,
  docs: { summary: 'Reset or change a password', tags: ['auth'], response: ZEmptyResponse },
  handler: async ({ body, auth }) => resetPassword(body, auth),
});
