import { z } from 'zod';
import { ZIdParam } from '@/lib/server/http/drf';
import { withApi } from '@/lib/server/http/with-api';
import { deleteUserGroup, getUserGroup } from '@/lib/server/usergroups';

const params = z.object({ id: ZIdParam });

// GET /api/userGroup/{id} – one group with its members; account members
export const GET = withApi({
  params,
  docs: { summary: 'Get a user group', tags: ['usergroups'] },
  handler: async ({ params, auth }) => getUserGroup(auth.user.id, params.id),
});

// DELETE /api/userGroup/{id} – delete a group; account admins
export const DELETE = withApi({
  params,
  docs: { summary: 'Delete a user group', tags: ['usergroups'], status: 204 },
  handler: async ({ params, auth }) => deleteUserGroup(auth.user.id, params.id),
});
