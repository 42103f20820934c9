import { RULES } from '@/lib/server/auth/rate-limit';
import { changePrimaryMfaMethod } from '@/lib/server/auth/mfa';
import { withApi } from '@/lib/server/http/with-api';
import { ZChangePrimaryBody } from '@/lib/schemas/auth';

// POST /auth/mfa/change-primary-method/ – make another active method primary (code of the target); signed-in user
export const POST = withApi({
  body: ZChangePrimaryBody,
  rateLimit: RULES.loginIp,
  docs: { summary: 'Change the primary MFA method', tags: ['mfa'], status: 204 },
  handler: async ({ body, auth }) => changePrimaryMfaMethod(auth.user, body.method, body.code),
});
