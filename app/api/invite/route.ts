import { ZInviteCreate } from '@/lib/schemas/tenancy';
import { envelopeOf, ZInviteWire } from '@/lib/schemas/tenancy-wire';
import { pk } from '@/lib/server/http/drf';
import { paginateArray, ZPageQuery } from '@/lib/server/http/pagination';
import { json, withApi } from '@/lib/server/http/with-api';
import { createInvite, listInvitesForUser, listInvitesOfWorkspace } from '@/lib/server/invites';

// GET /api/invite[?workspace=] – workspaces shared with the caller, or (admins) the invites of one workspace; page envelope
export const GET = withApi({
  query: ZPageQuery.extend({ workspace: pk().optional() }),
  docs: { summary: 'Workspaces shared with the caller', tags: ['sharing'], response: envelopeOf(ZInviteWire) },
  handler: async ({ req, query, auth }) =>
    paginateArray(req, query, query.workspace ? await listInvitesOfWorkspace(auth.user.id, query.workspace) : await listInvitesForUser(auth.user.id)),
});

// POST /api/invite – share a workspace with a user by username or e-mail (mail through the outbox); workspace admins
export const POST = withApi({
  body: ZInviteCreate,
  docs: { summary: 'Invite a user to a workspace', tags: ['sharing'], status: 201, response: ZInviteWire },
  handler: async ({ body, auth }) => json(await createInvite(auth.user.id, body), 201),
});
