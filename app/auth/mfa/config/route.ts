import { mfaConfig } from '@/lib/server/auth/mfa';
import { withApi } from '@/lib/server/http/with-api';

// GET /auth/mfa/config/ – configured MFA methods and switches; anyone
export const GET = withApi({
  auth: 'optional',
  docs: { summary: 'MFA configuration', tags: ['mfa'] },
  handler: async () => mfaConfig(),
});
