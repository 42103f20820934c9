import { logout } from '@/lib/server/auth/logout';
import { clearSessionCookie } from '@/lib/server/auth/session-cookie';
import { noContent, withApi } from '@/lib/server/http/with-api';

// POST /auth/logout/ – end the presented token or session (trench develop); signed-in user
export const POST = withApi({
  docs: { summary: 'Log out', tags: ['auth'], status: 204 },
  handler: async ({ auth }) => {
    await logout(auth);
    const res = noContent();
    if (auth.via === 'session') res.headers.append('Set-Cookie', clearSessionCookie());
    return res;
  },
});
