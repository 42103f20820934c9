import { describe, expect, test } from 'vitest';
import { methodNotAllowed, routeMethods } from '@/lib/server/http/method-guard';

describe("DRF's 405 for API routes (API.md §2.3)", () => {
  test('routes resolve as Next.js routes them: static before parameter before catch-all', () => {
    expect(routeMethods('/api/auth/register')).toEqual(['POST']);
    expect(routeMethods('/api/auth/session')).toEqual(['GET', 'POST']); // next-auth's catch-all
    expect(routeMethods('/auth/login/code')).toEqual(['POST']);
    expect(routeMethods('/auth/totp/activate')).toEqual(['POST']);
    expect(routeMethods('/api/workspaces/12')).not.toBeNull();
    expect(routeMethods('/api/nothing-here')).toBeNull();
    expect(routeMethods('/api/auth')).toBeNull(); // a catch-all needs one segment
  });

  test('a missing method gets the DRF body and an Allow header in Django order', () => {
    const res = methodNotAllowed('get', '/auth/login')!;
    expect(res.status).toBe(405);
    expect(JSON.parse(res.body)).toEqual({ detail: 'Method "GET" not allowed.' });
    expect(res.headers.Allow).toBe('POST, OPTIONS');
    expect(res.headers['Cache-Control']).toBe('no-store');
    expect(methodNotAllowed('DELETE', '/auth/mfa/config')!.headers.Allow).toBe('GET, HEAD, OPTIONS');
    expect(methodNotAllowed('PUT', '/api/accounts/3')!.headers.Allow).toBe('GET, PATCH, DELETE, HEAD, OPTIONS');
  });

  test('methods the route has, HEAD where GET is, OPTIONS, pages and unknown paths are left to Next.js', () => {
    expect(methodNotAllowed('POST', '/auth/login')).toBeNull();
    expect(methodNotAllowed('HEAD', '/auth/mfa/config')).toBeNull();
    expect(methodNotAllowed('OPTIONS', '/auth/login')).toBeNull();
    expect(methodNotAllowed('HEAD', '/auth/login')).not.toBeNull();
    expect(methodNotAllowed('DELETE', '/login')).toBeNull();
    expect(methodNotAllowed('DELETE', '/api/nothing-here')).toBeNull();
  });
});
