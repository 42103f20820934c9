import 'server-only';
import { ApiError } from './errors';
import { ROUTE_METHODS } from './route-methods.generated';

/**
 * DRF's 405 for the API (API.md §2.3): a known /api or /auth path asked with a method its view does
 * not have answers `{"detail": "Method \"PUT\" not allowed."}` with an `Allow` header, where Next.js
 * alone would answer an empty 405 without one. The custom server (scripts/entrypoint.ts) asks this
 * before handing the request to Next; the route table is generated from app/ (gen-route-manifest.mjs).
 * OPTIONS stays with Next (it lists the methods itself); HEAD is allowed wherever GET is, as in Django.
 */
type TPattern = { segments: string[]; methods: string[] };
const patterns: TPattern[] = ROUTE_METHODS.map(([path, methods]) => ({ segments: path.split('/').slice(1), methods }));

// Lower rank wins, as Next.js routes: a static segment before a parameter before a catch-all.
const rank = (segment: string) => (segment.endsWith('*}') ? 2 : segment.startsWith('{') ? 1 : 0);

function matches(p: TPattern, parts: string[]): boolean {
  for (let i = 0; i < p.segments.length; i++) {
    const s = p.segments[i];
    if (s.endsWith('*}')) return parts.length > i; // a catch-all takes one or more segments
    if (i >= parts.length) return false;
    if (!s.startsWith('{') && s !== parts[i]) return false;
  }
  return parts.length === p.segments.length;
}

function compare(a: TPattern, b: TPattern): number {
  for (let i = 0; i < Math.max(a.segments.length, b.segments.length); i++) {
    const d = rank(a.segments[i] ?? '') - rank(b.segments[i] ?? '');
    if (d) return d;
  }
  return 0;
}

/** The methods of the API route that serves `path` (no trailing slash), or null when none does. */
export function routeMethods(path: string): string[] | null {
  const parts = path.split('/').slice(1);
  let best: TPattern | null = null;
  for (const p of patterns) if (matches(p, parts) && (!best || compare(p, best) < 0)) best = p;
  return best ? best.methods : null;
}

// Django's View.http_method_names order, which DRF's Allow header follows.
const ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/** The 405 answer for a request, or null when the route takes the method (or is not an API route). */
export function methodNotAllowed(method: string, path: string): { status: 405; headers: Record<string, string>; body: string } | null {
  if (!path.startsWith('/api/') && !path.startsWith('/auth/')) return null;
  const methods = routeMethods(path);
  const m = method.toUpperCase();
  if (!methods || m === 'OPTIONS' || methods.includes(m) || (m === 'HEAD' && methods.includes('GET'))) return null;
  const err = ApiError.methodNotAllowed(m, ORDER.filter((x) => methods.includes(x) || (x === 'HEAD' && methods.includes('GET')) || x === 'OPTIONS'));
  return {
    status: 405,
    // Answered before Next.js, so the static headers of next.config.mjs are set here too
    // (tests/e2e/security-headers.spec.ts checks them on these answers as on every other).
    headers: {
      ...err.headers,
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'SAMEORIGIN',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self)',
      ...(process.env.NODE_ENV === 'production' ? { 'Strict-Transport-Security': 'max-age=63072000; includeSubDomains' } : {}),
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    },
    body: JSON.stringify(err.body),
  };
}
