import { createApiToken } from '@/lib/server/auth/api-tokens';
import { loginFirstStep } from '@/lib/server/auth/login';
import { withApi } from '@/lib/server/http/with-api';
import { ZLoginBody, ZLoginResponse } from '@/lib/schemas/auth';

// POST /auth/login/ – step 1: {auth_token} or {ephemeral_token, method}; anyone
export const POST = withApi({
  auth: 'optional',
  body: ZLoginBody,
  docs: { summary: 'Log in with username and password (django-trench step 1)', tags: ['auth'], response: ZLoginResponse },
  // The per-address login budget is spent inside loginFirstStep, after the (cheap) username lock check.
  handler: async ({ body, ip }) => {
    const step = await loginFirstStep(body.username, body.password, { ip });
    if (step.kind === 'mfa') return { ephemeral_token: step.ephemeral_token, method: step.method };
    return { auth_token: await createApiToken(step.userId) };
  },
});
