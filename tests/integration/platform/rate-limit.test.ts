import pg from 'pg';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { assertAllowed, closeRateLimitStore, consume, resetLimit, type TRule } from '@/lib/server/auth/rate-limit';
import { ApiError } from '@/lib/server/http/errors';
import { unique } from '../../helpers/factories';

function useStore(redisUrl?: string) {
  if (redisUrl) process.env.REDIS_URL = redisUrl;
  else delete process.env.REDIS_URL;
  (globalThis as { __mapspaceConfig?: unknown }).__mapspaceConfig = undefined;
}
afterEach(async () => {
  await closeRateLimitStore();
  useStore(undefined);
});

async function spend(rule: TRule, key: string, times: number) {
  let allowed = 0;
  let retryAfter: string | undefined;
  for (let i = 0; i < times; i++) {
    try {
      await consume(rule, key);
      allowed++;
    } catch (err) {
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).status).toBe(429);
      retryAfter = (err as ApiError).headers['Retry-After'];
    }
  }
  return { allowed, retryAfter };
}

describe.each([
  ['PostgreSQL', undefined],
  ['Redis', 'redis://127.0.0.1:6379'],
])('rate limits in %s', (_name, redisUrl) => {
  test('a limit of L allows L, then 429 with Retry-After; a reset forgets the key', async () => {
    useStore(redisUrl);
    const rule: TRule = { name: unique('rl'), points: 5, duration: 60 };
    const key = unique('k');
    const r = await spend(rule, key, 8);
    expect(r.allowed).toBe(5);
    expect(Number(r.retryAfter)).toBeGreaterThan(0);
    await expect(assertAllowed(rule, key)).rejects.toThrow(ApiError);
    await resetLimit(rule, key);
    await expect(assertAllowed(rule, key)).resolves.toBeUndefined();
  });

  test('the budget is shared: concurrent consumers together get exactly L', async () => {
    useStore(redisUrl);
    const rule: TRule = { name: unique('rl'), points: 10, duration: 60 };
    const key = unique('k');
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => consume(rule, key)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
  });
});

describe('a flood against a locked key stays cheap', () => {
  test('once locked, 100 more lock checks are answered from memory (≤ 1 store query) and the lock holds for another instance', async () => {
    useStore(undefined);
    const rule: TRule = { name: unique('rl'), points: 3, duration: 60, blockDuration: 120 };
    const key = unique('k');
    expect((await spend(rule, key, 4)).allowed).toBe(3);
    const spy = vi.spyOn(pg.Pool.prototype, 'query');
    try {
      let refused = 0;
      for (let i = 0; i < 100; i++) {
        await assertAllowed(rule, key).catch((err) => {
          expect((err as ApiError).status).toBe(429);
          expect(Number((err as ApiError).headers['Retry-After'])).toBeGreaterThan(60);
          refused++;
        });
      }
      expect(refused).toBe(100);
      expect(spy.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      spy.mockRestore();
    }
    // Another instance (fresh limiters, no memory) still sees the lock in the shared store.
    await closeRateLimitStore();
    await expect(assertAllowed(rule, key)).rejects.toThrow(ApiError);
    // A reset (successful login) lifts it here at once.
    await resetLimit(rule, key);
    await expect(assertAllowed(rule, key)).resolves.toBeUndefined();
  });
});
