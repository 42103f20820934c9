import 'server-only';
import { COMMON_PASSWORDS } from './common-passwords';

/**
 * Django's four default password validators with their exact messages
 * (API.md §4): similarity to username / e-mail (difflib quick_ratio ≥ 0.7),
 * minimum length 8, common passwords, entirely numeric. All failures are
 * returned together, in Django's order.
 */
const MAX_SIMILARITY = 0.7;
const MIN_LENGTH = 8;

let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  if (!common) {
    common = new Set(
      COMMON_PASSWORDS.split('\n')
        .map((l) => l.trim().toLowerCase())
        .filter(Boolean),
    );
  }
  return common;
}

/** difflib.SequenceMatcher(a, b).quick_ratio(): shared characters (multiset) over total length. */
export function quickRatio(a: string, b: string): number {
  const total = a.length + b.length;
  if (total === 0) return 1;
  const avail = new Map<string, number>();
  for (const ch of b) avail.set(ch, (avail.get(ch) ?? 0) + 1);
  let matches = 0;
  for (const ch of a) {
    const n = avail.get(ch) ?? 0;
    if (n > 0) {
      matches += 1;
      avail.set(ch, n - 1);
    }
  }
  return (2 * matches) / total;
}

function exceedsMaximumLengthRatio(password: string, value: string) {
  const pwdLen = password.length;
  const valueLen = value.length;
  return pwdLen >= 10 * valueLen && valueLen < (MAX_SIMILARITY / 2) * pwdLen;
}

function tooSimilar(password: string, value: string): boolean {
  if (!value) return false;
  const lower = value.toLowerCase();
  const parts = [...lower.split(/[^\p{L}\p{N}_]+/u), lower];
  for (const part of parts) {
    if (exceedsMaximumLengthRatio(password, part)) continue;
    if (quickRatio(password, part) >= MAX_SIMILARITY) return true;
  }
  return false;
}

/** The messages Django would give for `password` of a user with `username` / `email` (empty when fine). */
export function validatePassword(password: string, user: { username: string; email: string }): string[] {
  const errors: string[] = [];
  const lower = password.toLowerCase();
  if (tooSimilar(lower, user.username)) errors.push('The password is too similar to the username.');
  else if (tooSimilar(lower, user.email)) errors.push('The password is too similar to the email address.');
  if (password.length < MIN_LENGTH) errors.push(`This password is too short. It must contain at least ${MIN_LENGTH} characters.`);
  if (commonPasswords().has(lower.trim())) errors.push('This password is too common.');
  if (/^\d+$/.test(password)) errors.push('This password is entirely numeric.');
  return errors;
}
