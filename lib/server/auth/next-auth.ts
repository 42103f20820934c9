import 'server-only';
import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { config } from '../config';
import { ApiError } from '../http/errors';
import { loginFirstStep, loginSecondStep } from './login';
import { consume, RULES } from './rate-limit';
import { createSession, deleteSession, isSecureDeployment, SESSION_ABSOLUTE_SECONDS, sessionCookieName } from './session';

/**
 * next-auth (JWT strategy) holding the browser session in an httpOnly,
 * SameSite=Lax cookie. The JWT carries only the raw id of a Session row
 * (`sid`), so the server can revoke it. The Credentials provider runs the
 * same two login steps as /auth/login/ and /auth/login/code/; when a second
 * factor is needed it fails with the JSON `{"ephemeral_token","method"}` as
 * the error text, which `signIn(…, {redirect: false})` hands to the page.
 */
type TAuthorizeUser = { id: string; sid: string };

async function authorize(credentials: Record<string, string> | undefined, userAgent: string, ip: string): Promise<TAuthorizeUser> {
  const c = credentials ?? {};
  try {
    let userId: number;
    // Step two whenever the form is the verification one (a code or a token field is present), even
    // with an empty token: the answer is then trench's "Invalid or expired token.", not a login error.
    if (c.ephemeral_token !== undefined || c.code !== undefined) {
      await consume(RULES.loginIp(), ip);
      ({ userId } = await loginSecondStep(String(c.ephemeral_token).trim(), String(c.code ?? '').trim()));
    } else {
      const step = await loginFirstStep(String(c.username ?? '').trim(), String(c.password ?? '').trim(), { ip });
      if (step.kind === 'mfa') throw new Error(JSON.stringify({ ephemeral_token: step.ephemeral_token, method: step.method }));
      userId = step.userId;
    }
    const sid = await createSession(userId, userAgent);
    return { id: String(userId), sid };
  } catch (err) {
    if (err instanceof ApiError) {
      const body = err.body as { error?: string; detail?: string };
      throw new Error(JSON.stringify({ error: body.error ?? body.detail ?? 'Unable to login with provided credentials.', status: err.status }));
    }
    throw err;
  }
}

export function authOptions(): NextAuthOptions {
  return {
    secret: config().AUTH_SECRET,
    session: { strategy: 'jwt', maxAge: SESSION_ABSOLUTE_SECONDS },
    jwt: { maxAge: SESSION_ABSOLUTE_SECONDS },
    pages: { signIn: '/login', error: '/login' },
    cookies: {
      sessionToken: {
        name: sessionCookieName(),
        options: { httpOnly: true, sameSite: 'lax', path: '/', secure: isSecureDeployment() },
      },
    },
    providers: [
      CredentialsProvider({
        name: 'credentials',
        credentials: {
          username: { type: 'text' },
          password: { type: 'password' },
          ephemeral_token: { type: 'text' },
          code: { type: 'text' },
        },
        authorize: (credentials, req) =>
          authorize(
            credentials as Record<string, string> | undefined,
            String(req?.headers?.['user-agent'] ?? ''),
            String(req?.headers?.['x-mapspace-client-ip'] ?? 'local'),
          ),
      }),
    ],
    events: {
      // next-auth's own sign-out (POST /api/auth/signout) ends the session row too, not only the cookie.
      async signOut(message) {
        const sid = (message as { token?: { sid?: unknown } }).token?.sid;
        if (typeof sid === 'string') await deleteSession(sid);
      },
    },
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          const u = user as unknown as TAuthorizeUser;
          return { sub: u.id, sid: u.sid };
        }
        return token;
      },
      session({ session }) {
        // Nothing about the credential reaches the page's JavaScript ([R3.11]).
        return { expires: session.expires } as typeof session;
      },
    },
  };
}
