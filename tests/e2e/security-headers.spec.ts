import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { recordFigure } from '../support/figures';

/**
 * Security headers on every route of the route manifest (so a new route
 * cannot escape) and on every page: nosniff, Referrer-Policy, frame
 * protection, CSP, HSTS (production), no X-Powered-By, no-store on API
 * answers, and CORS that never echoes a foreign origin.
 */
type TRoute = { path: string; methods: string[] };
function manifest(): TRoute[] {
  const text = readFileSync('lib/server/http/route-manifest.generated.ts', 'utf8');
  return [...text.matchAll(/path: "([^"]+)", file: "[^"]+", methods: (\[[^\]]*\])/g)].map((m) => ({ path: m[1], methods: JSON.parse(m[2]) }));
}
const PAGES = ['/', '/login', '/register', '/reset', '/activate', '/verification', '/activation/MQ/x', '/password-reset/MQ/x', '/esri-oauth-callback', '/accounts', '/profile', '/workspace/share/1/abcdefabcdefabcdefabcdef'];

test('security headers and CORS on every API route and page (N/N)', async ({ request }) => {
  const routes = manifest().filter((r) => !r.path.includes('nextauth'));
  let checked = 0;
  const failures: string[] = [];
  for (const r of routes) {
    const path = r.path.replace(/\{[^}]+\}/g, '1');
    for (const method of r.methods) {
      const res = await request.fetch(path, { method, headers: { origin: 'https://evil.test' }, failOnStatusCode: false, maxRedirects: 0, data: method === 'GET' ? undefined : {} });
      const h = res.headers();
      const problems = [
        h['x-content-type-options'] !== 'nosniff' && 'nosniff',
        !h['referrer-policy'] && 'Referrer-Policy',
        !/frame-ancestors/.test(h['content-security-policy'] ?? '') && 'CSP frame-ancestors',
        !/max-age=\d{8,}; includeSubDomains/.test(h['strict-transport-security'] ?? '') && 'HSTS',
        h['x-powered-by'] !== undefined && 'X-Powered-By',
        h['cache-control'] !== 'no-store' && 'no-store',
        (h['access-control-allow-origin'] === 'https://evil.test' || h['access-control-allow-origin'] === '*') && 'CORS echo',
        res.status() >= 500 && `status ${res.status()}`,
      ].filter(Boolean);
      checked += 1;
      if (problems.length) failures.push(`${method} ${path}: ${problems.join(', ')}`);
    }
  }
  for (const p of PAGES) {
    const res = await request.get(p, { maxRedirects: 0, failOnStatusCode: false });
    const h = res.headers();
    const csp = h['content-security-policy'] ?? '';
    const problems = [
      h['x-content-type-options'] !== 'nosniff' && 'nosniff',
      !h['referrer-policy'] && 'Referrer-Policy',
      res.status() === 200 && !/object-src 'none'/.test(csp) && 'CSP object-src',
      res.status() === 200 && !/base-uri 'none'/.test(csp) && 'CSP base-uri',
      res.status() === 200 && !/script-src [^;]*'nonce-/.test(csp) && 'CSP nonce',
      h['x-powered-by'] !== undefined && 'X-Powered-By',
    ].filter(Boolean);
    checked += 1;
    if (problems.length) failures.push(`GET ${p}: ${problems.join(', ')}`);
  }
  console.log(`security headers: ${checked - failures.length}/${checked} routes and pages pass`);
  recordFigure('security headers', { passing: checked - failures.length, checked });
  expect(failures).toEqual([]);
});

test('a method a route does not have: DRF\'s 405 body, Allow header, the same security headers', async ({ request }) => {
  const routes = manifest().filter((r) => !r.path.includes('nextauth'));
  const failures: string[] = [];
  let checked = 0;
  for (const r of routes) {
    const missing = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].find((m) => !r.methods.includes(m));
    if (!missing) continue;
    for (const path of [r.path.replace(/\{[^}]+\}/g, '1'), `${r.path.replace(/\{[^}]+\}/g, '1')}/`]) {
      const res = await request.fetch(path, { method: missing, failOnStatusCode: false, maxRedirects: 0, data: missing === 'GET' ? undefined : {} });
      const h = res.headers();
      const allow = [...r.methods.filter((m) => m !== 'HEAD'), ...(r.methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'];
      const problems = [
        res.status() !== 405 && `status ${res.status()}`,
        JSON.stringify(await res.json().catch(() => null)) !== JSON.stringify({ detail: `Method "${missing}" not allowed.` }) && 'body',
        h['allow']?.split(', ').sort().join() !== allow.sort().join() && `Allow ${h['allow']}`,
        h['x-content-type-options'] !== 'nosniff' && 'nosniff',
        !/frame-ancestors/.test(h['content-security-policy'] ?? '') && 'CSP',
        !/max-age=\d{8,}; includeSubDomains/.test(h['strict-transport-security'] ?? '') && 'HSTS',
        h['cache-control'] !== 'no-store' && 'no-store',
      ].filter(Boolean);
      checked += 1;
      if (problems.length) failures.push(`${missing} ${path}: ${problems.join(', ')}`);
    }
  }
  console.log(`405 answers checked: ${checked}`);
  expect(checked).toBeGreaterThan(40);
  expect(failures).toEqual([]);
});

test('pages whose URL carries a token send Referrer-Policy: no-referrer', async ({ request }) => {
  for (const p of ['/activation/MQ/abc', '/password-reset/MQ/abc', '/workspace/share/1/abcdefabcdefabcdefabcdef']) {
    const res = await request.get(p, { maxRedirects: 0, failOnStatusCode: false });
    expect(res.headers()['referrer-policy'], p).toBe('no-referrer');
  }
});
