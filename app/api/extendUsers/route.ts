import { paginateArray, ZPageQuery } from '@/lib/server/http/pagination';
import { withApi } from '@/lib/server/http/with-api';
import { getOwnProfile } from '@/lib/server/users';

// GET /api/extendUsers – the caller's profile as results[0]; signed-in user
export const GET = withApi({
  query: ZPageQuery,
  docs: { summary: 'Own profile', tags: ['users'] },
  handler: async ({ req, query, auth }) => paginateArray(req, query, [await getOwnProfile(auth.user.id)]),
});
