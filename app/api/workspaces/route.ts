import { z } from 'zod';
import { ZWorkspaceCreate } from '@/lib/schemas/tenancy';
import { ZWorkspaceWire } from '@/lib/schemas/tenancy-wire';
import { pk } from '@/lib/server/http/drf';
import { json, withApi } from '@/lib/server/http/with-api';
import { createWorkspace, listWorkspaces } from '@/lib/server/workspaces';

// GET /api/workspaces?account={id} – workspaces of that account the caller can open (plain array); any user
export const GET = withApi({
  query: z.object({ account: pk().optional() }),
  docs: { summary: 'Workspaces of an account', tags: ['workspaces'], response: z.array(ZWorkspaceWire) },
  handler: async ({ query, auth }) => listWorkspaces(auth.user.id, { accountId: query.account }),
});

// POST /api/workspaces – create a workspace in an account the caller manages; the caller becomes its admin
export const POST = withApi({
  body: ZWorkspaceCreate,
  docs: { summary: 'Create a workspace', tags: ['workspaces'], status: 201, response: ZWorkspaceWire },
  handler: async ({ body, auth }) => json(await createWorkspace(auth.user.id, body), 201),
});
