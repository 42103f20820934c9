import { z } from 'zod';
import { ZIdParam } from '@/lib/server/http/drf';
import { withApi } from '@/lib/server/http/with-api';
import { removeGroupMember } from '@/lib/server/usergroups';

// DELETE /api/userGroup/{id}/members/{userId} – remove a member; account admins
export const DELETE = withApi({
  params: z.object({ id: ZIdParam, userId: ZIdParam }),
  docs: { summary: 'Remove a group member', tags: ['usergroups'], status: 204 },
  handler: async ({ params, auth }) => removeGroupMember(auth.user.id, params.id, params.userId),
});
