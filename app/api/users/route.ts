import { paginateArray, ZPageQuery } from '@/lib/server/http/pagination';
import { withApi } from '@/lib/server/http/with-api';
import { getCurrentUser } from '@/lib/server/users';
import { ZUsersPage } from '@/lib/schemas/auth';

// GET /api/users – the current user as results[0]; signed-in user
export const GET = withApi({
  query: ZPageQuery,
  docs: { summary: 'The current user', tags: ['users'], response: ZUsersPage },
  handler: async ({ req, query, auth }) => paginateArray(req, query, [await getCurrentUser(auth.user.id)]),
});
