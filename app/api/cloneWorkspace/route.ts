import { ZClone } from '@/lib/schemas/tenancy';
import { ZWorkspaceWire } from '@/lib/schemas/tenancy-wire';
import { json, withApi } from '@/lib/server/http/with-api';
import { cloneWorkspace } from '@/lib/server/workspaces';

// PUT /api/cloneWorkspace – copy a workspace with its layer tree (never share links or invites); workspace admins
export const PUT = withApi({
  body: ZClone,
  docs: { summary: 'Clone a workspace', tags: ['workspaces'], status: 201, response: ZWorkspaceWire },
  handler: async ({ body, auth }) => json(await cloneWorkspace(auth.user.id, body.workspace), 201),
});
