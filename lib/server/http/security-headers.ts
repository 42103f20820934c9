// universal: imported by proxy.ts; no secrets, no I/O.
/**
 * Security headers (SECURITY.md Part 1): a nonce-based CSP for pages (set by
 * proxy.ts), and the static set for every response (next.config.mjs).
 * Map data comes from arbitrary tile and feature services, so img/connect
 * allow http(s); scripts never do.
 */
export function contentSecurityPolicy(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    "connect-src 'self' https: http: data: blob:",
    "worker-src 'self' blob:",
    "child-src 'self' blob:",
    "frame-src 'self' https: http:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}
