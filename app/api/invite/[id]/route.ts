import { z } from 'zod';
import { ZIdParam } from '@/lib/server/http/drf';
import { withApi } from '@/lib/server/http/with-api';
import { deleteInvite } from '@/lib/server/invites';

// DELETE /api/invite/{id} – remove an invite; the workspace admin or the invitee
export const DELETE = withApi({
  params: z.object({ id: ZIdParam }),
  docs: { summary: 'Remove an invite', tags: ['sharing'], status: 204 },
  handler: async ({ params, auth }) => deleteInvite(auth.user.id, params.id),
});
