import { describe, expect, test } from 'vitest';
import { ConfigError, parseConfig } from '@/lib/server/config';

describe('configuration', () => {
  test('defaults are safe for development', () => {
    const cfg = parseConfig({ NODE_ENV: 'test', AUTH_SECRET: 'x'.repeat(32) } as NodeJS.ProcessEnv);
    expect(cfg.APP_URL).toBe('http://localhost:3000');
    expect(cfg.DATABASE_URL).toBeUndefined();
    expect(cfg.UPLOAD_MAX_BYTES).toBe(50 * 1024 * 1024);
    expect(cfg.JSON_BODY_MAX_BYTES).toBe(1024 * 1024);
  });

  test.each([
    [{ DATABASE_URL: 'mysql://x@y/z' }, /^invalid setting DATABASE_URL: /],
    [{ DATABASE_URL: 'not a url' }, /^invalid setting DATABASE_URL: /],
    [{ SMTP_URL: 'http://mail' }, /^invalid setting SMTP_URL: /],
    [{ APP_URL: 'nope' }, /^invalid setting APP_URL: /],
    [{ AUTH_SECRET: 'short' }, /^invalid setting AUTH_SECRET: must be at least 32 characters/],
    [{ DATABASE_POOL_SIZE: '0' }, /^invalid setting DATABASE_POOL_SIZE: /],
    [{ NODE_ENV: 'production', APP_URL: 'https://maps.example.com', AUTH_SECRET: '' }, /^invalid setting AUTH_SECRET: required when APP_URL is not localhost/],
  ])('a bad setting stops start-up with one line naming it (%o)', (env, message) => {
    let err: unknown;
    try {
      parseConfig({ NODE_ENV: 'test', AUTH_SECRET: 'x'.repeat(32), ...env } as NodeJS.ProcessEnv);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(message);
    expect((err as Error).message).not.toContain('\n');
  });
});
