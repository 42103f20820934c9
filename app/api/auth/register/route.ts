import { RULES } from '@/lib/server/auth/rate-limit';
import { withApi } from '@/lib/server/http/with-api';
import { registerUser } from '@/lib/server/users';
import { ZRegisterBody, ZRegisterResponse } from '@/lib/schemas/auth';

// POST /api/auth/register – create an inactive user and mail the activation link; anyone
export const POST = withApi({
  auth: 'optional',
  body: ZRegisterBody,
  rateLimit: RULES.register,
  docs: { summary: 'Register', tags: ['auth'], response: ZRegisterResponse, status: 201 },
  handler: async ({ req, body }) => registerUser({ ...body, origin: req.headers.get('origin') }),
});
