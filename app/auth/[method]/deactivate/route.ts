import { deactivateMfaMethod } from '@/lib/server/auth/mfa';
import { RULES } from '@/lib/server/auth/rate-limit';
import { withApi } from '@/lib/server/http/with-api';
import { ZMethodParam, ZOptionalCodeBody } from '@/lib/schemas/auth';

// POST /auth/{method}/deactivate/ – switch an MFA method off; signed-in user
export const POST = withApi({
  params: ZMethodParam,
  body: ZOptionalCodeBody,
  rateLimit: RULES.loginIp,
  docs: { summary: 'Deactivate an MFA method', tags: ['mfa'], status: 204 },
  handler: async ({ params, body, auth }) => deactivateMfaMethod(auth.user, params.method, body.code),
});
