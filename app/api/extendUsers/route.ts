import { paginateArray, ZPageQuery } from '@/lib/server/http/pagination';
import { withApi } from '@/lib/server/http/with-api';
import { getOwnProfile } from '@/lib/server/users';
import { ZProfilesPage } from '@/lib/schemas/auth';

// GET /api/extendUsers – the caller's profile as results[0]; signed-in user
export const GET = withApi({
  query: ZPageQuery,
  docs: { summary: 'Own profile', tags: ['users'], response: ZProfilesPage },
  handler: async ({ req, query, auth }) => paginateArray(req, query, [await getOwnProfile(auth.user.id)]),
});
