import 'server-only';
import { isSecureDeployment, sessionCookieName } from './session';

/** A Set-Cookie value that removes the browser session cookie. */
export function clearSessionCookie(): string {
  return `${sessionCookieName()}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${isSecureDeployment() ? '; Secure' : ''}`;
}
