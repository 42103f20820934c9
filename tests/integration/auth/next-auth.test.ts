import { encode } from 'next-auth/jwt';
import { beforeAll, describe, expect, test } from 'vitest';
import { GET as users } from '@/app/api/users/route';
import { authOptions } from '@/lib/server/auth/next-auth';
import { sessionCookieName } from '@/lib/server/auth/session';
import { db } from '@/lib/server/db';
import { createUser } from '../../helpers/factories';
import { call } from '../../helpers/http';
import { awayFromStepEdge, enableApp, forgetLastStep, oathtool, seedSafely } from './helpers';

beforeAll(async () => {
  await seedSafely();
});

type TAuthorize = (c: Record<string, string>, req: { headers: Record<string, string> }) => Promise<{ id: string; sid: string }>;

function provider() {
  const p = authOptions().providers[0] as unknown as { options: { authorize: TAuthorize } };
  return p.options.authorize;
}

async function cookieFor(user: { id: string; sid: string }) {
  const opts = authOptions();
  const token = await opts.callbacks!.jwt!({ token: {}, user: user as never, account: null, trigger: 'signIn' } as never);
  expect(Object.keys(token).sort()).toEqual(['sid', 'sub']);
  const value = await encode({ token, secret: process.env.AUTH_SECRET! });
  return `${sessionCookieName()}=${value}`;
}

describe('next-auth Credentials provider (browser session)', () => {
  test('[R3.11] [R4.02] username + password → a session row whose id is the JWT sid; the session cookie authenticates the API', async () => {
    const u = await createUser();
    const user = await provider()({ username: u.username, password: u.password }, { headers: { 'user-agent': 'vitest' } });
    expect(user.id).toBe(String(u.id));
    expect(await db().session.count({ where: { userId: u.id } })).toBe(1);
    const cookie = await cookieFor(user);
    const res = await call(users, '/api/users', { cookie });
    expect(res.body.results[0].id).toBe(u.id);
    const opts = authOptions();
    expect(opts.cookies?.sessionToken).toEqual({ name: 'mapspace.session', options: { httpOnly: true, sameSite: 'lax', path: '/', secure: false } });
    expect(opts.session).toEqual({ strategy: 'jwt', maxAge: 12 * 3600 });
  });

  test('[R4.02] [D.03] a second factor makes authorize fail with {"ephemeral_token","method"} as the error; the code completes it', async () => {
    const u = await createUser();
    const { secret } = await enableApp(u.token);
    await forgetLastStep(u.id);
    const err = await provider()({ username: u.username, password: u.password }, { headers: {} }).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    const payload = JSON.parse((err as Error).message);
    expect(Object.keys(payload)).toEqual(['ephemeral_token', 'method']);
    expect(payload.method).toBe('app');
    await awayFromStepEdge();
    const user = await provider()({ ephemeral_token: payload.ephemeral_token, code: oathtool(secret) }, { headers: {} });
    expect(user.id).toBe(String(u.id));
  });

  test('[R8.01] [R8.02] failures carry the trench error text', async () => {
    const u = await createUser();
    const bad = await provider()({ username: u.username, password: 'nope-nope' }, { headers: {} }).catch((e: Error) => e);
    expect(JSON.parse((bad as Error).message)).toEqual({ error: 'Unable to login with provided credentials.', status: 400 });
    const code = await provider()({ ephemeral_token: 'x', code: '1' }, { headers: {} }).catch((e: Error) => e);
    expect(JSON.parse((code as Error).message)).toEqual({ error: 'Invalid or expired token.', status: 401 });
  });

  test('[R3.11] the session callback exposes nothing about the credential to page scripts', async () => {
    const opts = authOptions();
    const s = await opts.callbacks!.session!({ session: { expires: 'x', user: { name: 'n' } }, token: { sid: 'secret-sid' } } as never);
    expect(s).toEqual({ expires: 'x' });
  });
});

describe('next-auth sign-out', () => {
  test('[R4.01] the signOut event deletes the session row behind the cookie', async () => {
    const u = await createUser();
    const user = await provider()({ username: u.username, password: u.password }, { headers: {} });
    expect(await db().session.count({ where: { userId: u.id } })).toBe(1);
    await authOptions().events!.signOut!({ token: { sid: user.sid } } as never);
    expect(await db().session.count({ where: { userId: u.id } })).toBe(0);
  });
});
