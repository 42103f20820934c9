import { z } from 'zod';
import { ZShareCreate } from '@/lib/schemas/tenancy';
import { envelopeOf, ZCreatedShareLinkWire, ZShareLinkWire } from '@/lib/schemas/tenancy-wire';
import { ZIdParam } from '@/lib/server/http/drf';
import { paginateArray, ZPageQuery } from '@/lib/server/http/pagination';
import { json, withApi } from '@/lib/server/http/with-api';
import { createShareLink, listShareLinks } from '@/lib/server/shares';

const params = z.object({ id: ZIdParam });

// GET /api/workspaces/{id}/shares – the workspace's share links (page envelope, never tokens); workspace admins
export const GET = withApi({
  params,
  query: ZPageQuery,
  docs: { summary: 'Share links of a workspace', tags: ['sharing'], response: envelopeOf(ZShareLinkWire) },
  handler: async ({ req, params, query, auth }) => paginateArray(req, query, await listShareLinks(auth.user.id, params.id)),
});

// POST /api/workspaces/{id}/shares – create a share link; the raw token is answered once; workspace admins
export const POST = withApi({
  params,
  body: ZShareCreate,
  docs: { summary: 'Create a share link', tags: ['sharing'], status: 201, response: ZCreatedShareLinkWire },
  handler: async ({ params, body, auth }) => json(await createShareLink(auth.user.id, params.id, body), 201),
});
