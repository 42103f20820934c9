import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { str } from '@/lib/server/http/drf';
import { ApiError } from '@/lib/server/http/errors';
import { withApi } from '@/lib/server/http/with-api';
import { createUser, sessionCookie } from '../../helpers/factories';
import { call, ORIGIN } from '../../helpers/http';

// A route built with the real wrapper, to test what every route inherits.
const POST = withApi({
  body: z.object({ name: str({ max: 50 }) }),
  docs: { summary: 'echo', status: 201 },
  handler: async ({ body, auth }) => ({ name: body.name, user: auth.user.id }),
});
const OPEN = withApi({
  auth: 'optional',
  docs: { summary: 'open' },
  handler: async ({ auth }) => ({ user: auth?.user.id ?? null }),
});
const BOOM = withApi({
  auth: 'optional',
  docs: { summary: 'fails' },
  handler: async () => {
    throw new Error('SELECT * FROM "users" prisma secret stack');
  },
});
const DB_DOWN = withApi({
  auth: 'optional',
  docs: { summary: 'db down' },
  handler: async () => {
    throw Object.assign(new Error("Can't reach database server at 127.0.0.1:1"), { code: 'P1001' });
  },
});

describe('route wrapper', () => {
  test('[R7.01] Authorization: Token authenticates; missing credentials are a DRF 401', async () => {
    const u = await createUser();
    const ok = await call(POST, '/x', { token: u.token, body: { name: 'A' } });
    expect(ok.status).toBe(201);
    expect(ok.body).toEqual({ name: 'A', user: u.id });
    const anon = await call(POST, '/x', { body: { name: 'A' } });
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    const lower = await call(OPEN, '/x', { headers: { authorization: `token ${u.token}` } });
    expect(lower.body).toEqual({ user: u.id });
    const bearer = await call(OPEN, '/x', { headers: { authorization: `Bearer ${u.token}` } });
    expect(bearer.body).toEqual({ user: null });
  });

  test('the browser session cookie authenticates too', async () => {
    const u = await createUser();
    const res = await call(OPEN, '/x', { cookie: await sessionCookie(u.id) });
    expect(res.body).toEqual({ user: u.id });
  });

  test('cookie-authenticated writes need this site as Origin (CSRF); token clients do not', async () => {
    const u = await createUser();
    const cookie = await sessionCookie(u.id);
    const foreign = await call(POST, '/x', { cookie, body: { name: 'A' }, headers: { origin: 'https://evil.test' } });
    expect(foreign.status).toBe(403);
    const same = await call(POST, '/x', { cookie, body: { name: 'A' }, headers: { origin: ORIGIN } });
    expect(same.status).toBe(201);
  });

  test.each<[string, { rawBody: string; contentType?: string; headers?: Record<string, string> }, number, RegExp]>([
    ['malformed JSON', { rawBody: '{"name": ', contentType: 'application/json' }, 400, /^JSON parse error - Expecting value: line 1 column 10 \(char 9\)$/],
    ['wrong content type', { rawBody: 'name=A', contentType: 'text/plain' }, 415, /^Unsupported media type "text\/plain" in request\.$/],
    ['content type quoted as sent, parameters included', { rawBody: 'name=A', contentType: 'text/plain; charset=utf-8' }, 415, /^Unsupported media type "text\/plain; charset=utf-8" in request\.$/],
    ['declared too large', { rawBody: '{}', contentType: 'application/json', headers: { 'content-length': String(2 * 1024 * 1024) } }, 413, /too large/],
    ['actually too large', { rawBody: JSON.stringify({ name: 'x'.repeat(1_100_000) }), contentType: 'application/json' }, 413, /too large/],
  ])('body hygiene: %s → %i', async (_n, opts, status, detail) => {
    const u = await createUser();
    const res = await call(POST, '/x', { token: u.token, ...opts });
    expect(res.status).toBe(status);
    expect(res.body.detail).toMatch(detail);
  });

  test('a body that is not an object gets non_field_errors', async () => {
    const u = await createUser();
    const res = await call(POST, '/x', { token: u.token, body: [1, 2] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] });
  });

  test('an unexpected error is a generic 500 without internals; a dead database is a fast 503', async () => {
    const res = await call(BOOM, '/x');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ detail: 'A server error occurred.' });
    expect(res.text).not.toMatch(/SELECT|prisma|stack/i);
    const down = await call(DB_DOWN, '/x');
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBeTruthy();
  });

  test('every answer carries X-Request-Id and Cache-Control: no-store; a given id is echoed', async () => {
    const res = await call(OPEN, '/x', { headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  test('ApiError thrown by a service keeps its status and body', async () => {
    const R = withApi({ auth: 'optional', docs: { summary: 't' }, handler: async () => { throw ApiError.conflict(); } });
    const res = await call(R, '/x');
    expect(res.status).toBe(409);
  });
});
