/**
 * The route table of SPEC §2 and its guards, shared by proxy.ts (server-side
 * redirects before render) and the navigation menu.
 */
export type TGuard = 'none' | 'login' | 'account';

const PUBLIC: RegExp[] = [
  /^\/$/,
  /^\/login$/,
  /^\/verification$/,
  /^\/register$/,
  /^\/reset$/,
  /^\/password-reset\/[^/]+\/[^/]+$/,
  /^\/activate$/,
  /^\/activation\/[^/]+\/[^/]+$/,
  /^\/workspace\/share\/[^/]+\/[^/]+$/,
  /^\/esri-oauth-callback$/,
];
const LOGIN_ONLY: RegExp[] = [/^\/profile$/, /^\/account\/create$/];

export function guardOf(pathname: string): TGuard {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (PUBLIC.some((r) => r.test(path))) return 'none';
  if (LOGIN_ONLY.some((r) => r.test(path))) return 'login';
  return 'account';
}

export function isHome(pathname: string) {
  return pathname === '/' || pathname === '/login';
}

/** Routes that show the progress indicator while loading ([R2.27]). */
export function showsRouteProgress(pathname: string) {
  return /^\/(workspace\/view\/[^/]+|account\/(?!create$)[^/]+|datasources|shared|usergroups)$/.test(pathname);
}
