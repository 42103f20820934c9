import { regenerateBackupCodes } from '@/lib/server/auth/mfa';
import { RULES } from '@/lib/server/auth/rate-limit';
import { withApi } from '@/lib/server/http/with-api';
import { ZBackupCodesResponse, ZCodeBody, ZMethodParam } from '@/lib/schemas/auth';

// POST /auth/{method}/codes/regenerate/ – new backup codes after a valid code; signed-in user
export const POST = withApi({
  params: ZMethodParam,
  body: ZCodeBody,
  rateLimit: RULES.loginIp,
  docs: { summary: 'Regenerate backup codes', tags: ['mfa'], response: ZBackupCodesResponse },
  handler: async ({ params, body, auth }) => regenerateBackupCodes(auth.user, params.method, body.code),
});
