import { mfaConfig } from '@/lib/server/auth/mfa';
import { withApi } from '@/lib/server/http/with-api';
import { ZMfaConfigResponse } from '@/lib/schemas/auth';

// GET /auth/mfa/config/ – configured MFA methods and switches; anyone
export const GET = withApi({
  auth: 'optional',
  docs: { summary: 'MFA configuration', tags: ['mfa'], response: ZMfaConfigResponse },
  handler: async () => mfaConfig(),
});
