import { createApiToken } from '@/lib/server/auth/api-tokens';
import { loginSecondStep } from '@/lib/server/auth/login';
import { RULES } from '@/lib/server/auth/rate-limit';
import { withApi } from '@/lib/server/http/with-api';
import { ZAuthTokenResponse, ZLoginCodeBody } from '@/lib/schemas/auth';

// POST /auth/login/code/ – step 2: ephemeral token + code → {auth_token}; anyone
export const POST = withApi({
  auth: 'optional',
  body: ZLoginCodeBody,
  rateLimit: RULES.loginIp,
  docs: { summary: 'Complete a login with a second-factor code (django-trench step 2)', tags: ['auth'], response: ZAuthTokenResponse },
  handler: async ({ body }) => {
    const { userId } = await loginSecondStep(body.ephemeral_token, body.code);
    return { auth_token: await createApiToken(userId) };
  },
});
