import { requestMfaCode } from '@/lib/server/auth/mfa';
import { RULES } from '@/lib/server/auth/rate-limit';
import { withApi } from '@/lib/server/http/with-api';
import { ZCodeRequestBody, ZDetailsResponse } from '@/lib/schemas/auth';

// POST /auth/code/request/ – send a code for a method (default: the primary); signed-in user
export const POST = withApi({
  body: ZCodeRequestBody,
  rateLimit: RULES.loginIp,
  docs: { summary: 'Request an MFA code', tags: ['mfa'], response: ZDetailsResponse },
  handler: async ({ body, auth }) => requestMfaCode(auth.user, body.method),
});
