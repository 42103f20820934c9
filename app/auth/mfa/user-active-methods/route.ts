import { listActiveMfaMethods } from '@/lib/server/auth/mfa';
import { paginateArray, ZPageQuery } from '@/lib/server/http/pagination';
import { withApi } from '@/lib/server/http/with-api';
import { ZActiveMethodsPage } from '@/lib/schemas/auth';

// GET /auth/mfa/user-active-methods – the caller's active MFA methods (page envelope); signed-in user
export const GET = withApi({
  query: ZPageQuery,
  docs: { summary: 'Active MFA methods of the caller', tags: ['mfa'], response: ZActiveMethodsPage },
  handler: async ({ req, query, auth }) => paginateArray(req, query, await listActiveMfaMethods(auth.user.id)),
});
