import { activateMfaMethod } from '@/lib/server/auth/mfa';
import { withApi } from '@/lib/server/http/with-api';
import { ZDetailsResponse, ZMethodParam } from '@/lib/schemas/auth';

// POST /auth/{method}/activate/ – start activating app (otpauth URI) or email (code by mail); signed-in user
export const POST = withApi({
  params: ZMethodParam,
  docs: { summary: 'Start activating an MFA method', tags: ['mfa'], response: ZDetailsResponse },
  handler: async ({ params, auth }) => activateMfaMethod(auth.user, params.method),
});
