import { z } from 'zod';
import { str, ZIdParam } from '@/lib/server/http/drf';
import { paginateArray, ZPageQuery } from '@/lib/server/http/pagination';
import { json, withApi } from '@/lib/server/http/with-api';
import { addGroupMember, listGroupMembers } from '@/lib/server/usergroups';

const params = z.object({ id: ZIdParam });

// GET /api/userGroup/{id}/members – members of a group (id, username, email); account members
export const GET = withApi({
  params,
  query: ZPageQuery,
  docs: { summary: 'List group members', tags: ['usergroups'] },
  handler: async ({ req, params, query, auth }) => paginateArray(req, query, await listGroupMembers(auth.user.id, params.id)),
});

// POST /api/userGroup/{id}/members – add a member {user: username or e-mail}; account admins
export const POST = withApi({
  params,
  body: z.object({ user: str({ max: 254 }) }),
  docs: { summary: 'Add a group member', tags: ['usergroups'], status: 201 },
  handler: async ({ params, body, auth }) => json(await addGroupMember(auth.user.id, params.id, body.user), 201),
});
