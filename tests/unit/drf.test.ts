import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { bool, email, int, jsonText, pk, str } from '@/lib/server/http/drf';
import { ApiError } from '@/lib/server/http/errors';
import { parseWith, zodToFieldErrors } from '@/lib/server/http/parse';

function errors(schema: z.ZodType, value: unknown) {
  const res = schema.safeParse(value);
  if (res.success) return null;
  return zodToFieldErrors(res.error);
}

describe('DRF field messages (API.md §2.4)', () => {
  const S = z.object({ name: str({ max: 5 }), n: int(), flag: bool(), mail: email(), ref: pk(), json: jsonText() });
  test.each<[string, unknown, Record<string, string[]>]>([
    ['missing fields', {}, { name: ['This field is required.'], n: ['This field is required.'], flag: ['This field is required.'], mail: ['This field is required.'], ref: ['This field is required.'], json: ['This field is required.'] }],
    ['nulls', { name: null, n: null, flag: null, mail: null, ref: null, json: null }, { name: ['This field may not be null.'], n: ['This field may not be null.'], flag: ['This field may not be null.'], mail: ['This field may not be null.'], ref: ['This field may not be null.'], json: ['This field may not be null.'] }],
    ['wrong types', { name: {}, n: 'x', flag: 'maybe', mail: 'no', ref: 'abc', json: '[1]' }, { name: ['Not a valid string.'], n: ['A valid integer is required.'], flag: ['Must be a valid boolean.'], mail: ['Enter a valid email address.'], ref: ['Incorrect type. Expected pk value, received str.'], json: ['Value must be valid JSON.'] }],
  ])('%s', (_name, input, expected) => {
    expect(errors(S, input)).toEqual(expected);
  });

  test('blank and too long strings; whitespace is trimmed like CharField', () => {
    expect(errors(z.object({ s: str() }), { s: '   ' })).toEqual({ s: ['This field may not be blank.'] });
    expect(errors(z.object({ s: str({ max: 3 }) }), { s: 'abcd' })).toEqual({ s: ['Ensure this field has no more than 3 characters.'] });
    expect(z.object({ s: str() }).parse({ s: '  hi ' })).toEqual({ s: 'hi' });
  });

  test('NUL characters and lone surrogates are refused, emoji and RTL text are kept exactly', () => {
    expect(errors(z.object({ s: str() }), { s: 'a\u0000b' })).toEqual({ s: ['Null characters are not allowed.'] });
    expect(errors(z.object({ s: str() }), { s: 'a\ud800b' })).toEqual({ s: ['Null characters are not allowed.'] });
    const text = '🗺️ كارت \u202e kaart';
    expect(z.object({ s: str({ trim: false }) }).parse({ s: text }).s).toBe(text);
  });

  test('max length counts code points, not UTF-16 units', () => {
    expect(z.object({ s: str({ max: 2 }) }).safeParse({ s: '🗺🗺' }).success).toBe(true);
  });

  test('parseWith throws an ApiError with status 400 and the DRF body', () => {
    try {
      parseWith(z.object({ name: str() }), {});
      throw new Error('no throw');
    } catch (err) {
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).status).toBe(400);
      expect((err as ApiError).body).toEqual({ name: ['This field is required.'] });
    }
  });
});

describe('error envelope', () => {
  test.each<[string, ApiError, number, unknown]>([
    ['not found', ApiError.notFound(), 404, { detail: 'Not found.' }],
    ['forbidden', ApiError.forbidden(), 403, { detail: 'You do not have permission to perform this action.' }],
    ['unauthenticated', ApiError.unauthenticated(), 401, { detail: 'Authentication credentials were not provided.' }],
    ['throttled', ApiError.throttled(12.2), 429, { detail: 'Request was throttled. Expected available in 13 seconds.' }],
    ['trench', ApiError.trench('Invalid or expired code.', 401), 401, { error: 'Invalid or expired code.' }],
    ['method', ApiError.methodNotAllowed('GET', ['POST']), 405, { detail: 'Method "GET" not allowed.' }],
  ])('%s', (_n, err, status, body) => {
    expect(err.status).toBe(status);
    expect(err.body).toEqual(body);
  });
  test('429 carries Retry-After and 401 WWW-Authenticate: Token', () => {
    expect(ApiError.throttled(3).headers['Retry-After']).toBe('3');
    // DRF's ngettext: "1 second", "2 seconds".
    expect(ApiError.throttled(0.4).body).toEqual({ detail: 'Request was throttled. Expected available in 1 second.' });
    expect(ApiError.unauthenticated().headers['WWW-Authenticate']).toBe('Token');
  });
});
