import { confirmMfaMethod } from '@/lib/server/auth/mfa';
import { RULES } from '@/lib/server/auth/rate-limit';
import { withApi } from '@/lib/server/http/with-api';
import { ZBackupCodesResponse, ZCodeBody, ZMethodParam } from '@/lib/schemas/auth';

// POST /auth/{method}/activate/confirm/ – activate with a code; returns backup codes once; signed-in user
export const POST = withApi({
  params: ZMethodParam,
  body: ZCodeBody,
  rateLimit: RULES.loginIp,
  docs: { summary: 'Confirm an MFA method', tags: ['mfa'], response: ZBackupCodesResponse },
  handler: async ({ params, body, auth }) => confirmMfaMethod(auth.user, params.method, body.code),
});
