import { z } from 'zod';
import { getDemoWorkspaceId } from '@/lib/server/demo';
import { withApi } from '@/lib/server/http/with-api';

// GET /api/demo – the caller's demo workspace id, or 0 (plain JSON number); any user
export const GET = withApi({
  docs: { summary: 'Demo workspace of the caller', tags: ['accounts'], response: z.number().int() },
  handler: async ({ auth }) => getDemoWorkspaceId(auth.user.id),
});
