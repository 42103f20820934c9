import { z } from 'zod';
import { ZIdParam } from '@/lib/server/http/drf';
import { withApi } from '@/lib/server/http/with-api';
import { revokeShareLink } from '@/lib/server/shares';

// DELETE /api/workspaces/{id}/shares/{shareId} – revoke a share link; workspace admins
export const DELETE = withApi({
  params: z.object({ id: ZIdParam, shareId: ZIdParam }),
  docs: { summary: 'Revoke a share link', tags: ['sharing'], status: 204 },
  handler: async ({ params, auth }) => revokeShareLink(auth.user.id, params.id, params.shareId),
});
