import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { quickRatio, validatePassword } from '@/lib/server/auth/password-validators';
import { decodeUid, encodeUid } from '@/lib/server/auth/uid';
import { fieldErrors, ZLoginForm, ZRegisterForm } from '@/lib/schemas/auth-forms';

describe("Django's password validators", () => {
  test.each([
    ['cartographer78', 'cartographer77', 0.9285714285714286],
    ['abcdefgh', 'hgfedcba', 1],
    ['mapspace2026', 'demo', 0.25],
    ['password', 'pass', 0.6666666666666666],
  ])('[R7.05] quick_ratio(%s, %s) = difflib’s %d', (a, b, r) => {
    expect(quickRatio(a, b)).toBeCloseTo(r, 12);
  });

  test('[R7.05] messages in Django’s order, all together', () => {
    expect(validatePassword('1234', { username: 'x', email: 'y@z.nl' })).toEqual([
      'This password is too short. It must contain at least 8 characters.',
      'This password is too common.',
      'This password is entirely numeric.',
    ]);
    expect(validatePassword('Velvet-Harbour-Lantern-8', { username: 'anna', email: 'anna@example.test' })).toEqual([]);
    expect(validatePassword('annadejong', { username: 'annadejong1', email: 'x@example.test' })).toEqual(['The password is too similar to the username.']);
  });
});

const USER = { username: 'x', email: 'y@z.nl' };

describe("CommonPasswordValidator: Django's own list", () => {
  test('[R7.05] entries of the list are too common (case and surrounding spaces ignored); variants outside it are not', () => {
    for (const p of ['bigpimpin1', 'Taekwondo', ' sandy123 ', 'z k.lovemom', 'password123', 'qwertyuiop']) {
      expect(validatePassword(p, USER), p).toContain('This password is too common.');
    }
    // Not in Django's list (an earlier hand-made list refused these).
    for (const p of ['dragon2000', 'master2000', 'Velvet-Harbour-Lantern-8']) {
      expect(validatePassword(p, USER), p).not.toContain('This password is too common.');
    }
  });

  // Django's file as Debian packages it (python3-django; CI installs it, elsewhere the check runs when present).
  const djangoFile = '/usr/lib/python3/dist-packages/django/contrib/auth/common-passwords.txt.gz';
  test.skipIf(!existsSync(djangoFile) && !process.env.CI)('[R7.05] every entry of the installed Django package is refused', () => {
    const entries = gunzipSync(readFileSync(djangoFile)).toString('utf8').split('\n').map((l) => l.trim()).filter(Boolean);
    expect(entries.length).toBeGreaterThan(19_000);
    const accepted = entries.filter((p) => !validatePassword(p, USER).includes('This password is too common.'));
    expect(accepted).toEqual([]);
  });
});

describe('djoser uid', () => {
  test('[R7.09] URL-safe base64 of the id without padding', () => {
    expect(encodeUid(1)).toBe('MQ');
    expect(encodeUid(42)).toBe('NDI');
    expect(encodeUid(1234)).toBe('MTIzNA');
    expect(decodeUid('MTIzNA')).toBe(1234);
    expect(decodeUid('MTIzNA==')).toBeNull();
    expect(decodeUid('YWJj')).toBeNull();
  });
});

describe('client form rules (SPEC §5)', () => {
  test('[R5.05] [R9.01] a password of exactly 4 characters passes the client rule', () => {
    expect(ZLoginForm.safeParse({ username: 'a', password: 'abcd' }).success).toBe(true);
    const res = ZLoginForm.safeParse({ username: '', password: 'abc' });
    expect(fieldErrors(res.error!)).toEqual({ username: 'Username is required', password: 'Password must be more than 4 characters' });
  });

  test('[R5.07] confirmation must match', () => {
    const res = ZRegisterForm.safeParse({ username: 'a', email: 'a@b.nl', password: 'abcd', confirm: 'abce' });
    expect(fieldErrors(res.error!)).toEqual({ confirm: 'The password confirmation does not match' });
  });
});
