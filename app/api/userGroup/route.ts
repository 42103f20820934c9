import { z } from 'zod';
import { activeAccountOf } from '@/lib/server/datasources';
import { pk, str } from '@/lib/server/http/drf';
import { paginateArray, ZPageQuery } from '@/lib/server/http/pagination';
import { json, withApi } from '@/lib/server/http/with-api';
import { createUserGroup, listUserGroups } from '@/lib/server/usergroups';

// GET /api/userGroup – groups of the caller's accounts (?account= one of them); members
export const GET = withApi({
  query: ZPageQuery.extend({ account: z.string().regex(/^\d{1,10}$/).transform(Number).optional() }),
  docs: { summary: 'List user groups', tags: ['usergroups'] },
  handler: async ({ req, query, auth }) => paginateArray(req, query, await listUserGroups(auth.user.id, query.account)),
});

// POST /api/userGroup – create a group {name, account?}; account admins
export const POST = withApi({
  body: z.object({ name: str({ max: 255 }), account: pk().optional() }),
  docs: { summary: 'Create a user group', tags: ['usergroups'], status: 201 },
  handler: async ({ req, body, auth }) => json(await createUserGroup(auth.user.id, body, activeAccountOf(req)), 201),
});
