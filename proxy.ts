import { NextResponse, type NextRequest } from 'next/server';
import { wwwRedirectTarget } from '@/lib/host';
import { guardOf, isHome } from '@/lib/routes';
import { loadGuardState } from '@/lib/server/auth/guard-state';
import { sessionCookieName } from '@/lib/server/auth/session';
import { contentSecurityPolicy } from '@/lib/server/http/security-headers';

/**
 * Server-side guards of SPEC §2 ([D.05]), before a page renders: www → bare
 * host, login-required → /, account-required → /account/create, MFA required
 * and none set up → /profile, home → the first account (or the demo
 * workspace). Pages check again; this is never the only check.
 */
export const ACTIVE_ACCOUNT_COOKIE = 'activeAccount';

export async function proxy(req: NextRequest) {
  const www = wwwRedirectTarget(req.url);
  if (www) return NextResponse.redirect(www, 308);

  const { pathname } = req.nextUrl;
  const guard = guardOf(pathname);
  let state = null;
  try {
    state = await loadGuardState(req.cookies.get(sessionCookieName())?.value);
  } catch {
    // Database unreachable: let the page render its own error state.
  }
  const redirect = (to: string) => NextResponse.redirect(new URL(to, req.url));

  if (!state) {
    if (guard !== 'none') return redirect('/');
  } else {
    if (state.mfaMissing && pathname !== '/profile') return redirect('/profile?mfa=required');
    const demo = req.cookies.get('demo')?.value === 'true';
    if (demo && state.demoWorkspaceId && (isHome(pathname) || (pathname.startsWith('/account/') && pathname !== '/account/create'))) {
      return redirect(`/workspace/view/${state.demoWorkspaceId}`);
    }
    if (guard === 'account' && state.accounts.length === 0) return redirect('/account/create');
    if (isHome(pathname)) {
      const active = Number(req.cookies.get(ACTIVE_ACCOUNT_COOKIE)?.value);
      const account = state.accounts.find((a) => a.id === active) ?? state.accounts[0];
      return redirect(account ? `/account/${account.slug}` : '/account/create');
    }
  }

  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  const csp = contentSecurityPolicy(nonce, process.env.NODE_ENV !== 'production');
  const headers = new Headers(req.headers);
  headers.set('x-nonce', nonce);
  headers.set('Content-Security-Policy', csp);
  headers.set('x-pathname', pathname);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set('Content-Security-Policy', csp);
  if (/^\/(password-reset|activation|workspace\/share)\//.test(pathname)) res.headers.set('Referrer-Policy', 'no-referrer');
  return res;
}

export const config = {
  matcher: ['/((?!api/|auth/|_next/static|_next/image|favicon.ico|samples/|.*\\.(?:png|jpg|jpeg|svg|webp|ico|woff2?|geojson|json|pmtiles|txt)$).*)'],
};
