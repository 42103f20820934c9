import { logout } from '@/lib/server/auth/logout';
import { clearSessionCookie } from '@/lib/server/auth/session-cookie';
import { noContent, withApi } from '@/lib/server/http/with-api';

// GET /api/auth/logout – end the presented token or browser session and clear the cookie; anyone
export const GET = withApi({
  auth: 'optional',
  docs: { summary: 'Log out', tags: ['auth'], status: 204 },
  handler: async ({ auth }) => {
    await logout(auth);
    const res = noContent();
    res.headers.append('Set-Cookie', clearSessionCookie());
    return res;
  },
});
