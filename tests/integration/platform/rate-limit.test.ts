import { afterEach, describe, expect, test } from 'vitest';
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
