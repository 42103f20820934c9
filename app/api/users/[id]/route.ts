import { z } from 'zod';
import { clearSessionCookie } from '@/lib/server/auth/session-cookie';
import { ZIdParam } from '@/lib/server/http/drf';
import { noContent, withApi } from '@/lib/server/http/with-api';
import { deleteOwnAccount } from '@/lib/server/users';

// DELETE /api/users/{id}/ – delete one's own account with everything it administers; the user themself
export const DELETE = withApi({
  params: z.object({ id: ZIdParam }),
  docs: { summary: 'Delete own account', tags: ['users'], status: 204 },
  handler: async ({ params, auth }) => {
    await deleteOwnAccount(auth.user.id, params.id);
    const res = noContent();
    res.headers.append('Set-Cookie', clearSessionCookie());
    return res;
  },
});
