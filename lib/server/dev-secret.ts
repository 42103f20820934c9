import 'server-only';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** A development secret kept under ./data so sessions survive restarts; never used in production. */
export function loadDevSecret(file = './data/.auth-secret'): string {
  if (existsSync(/*turbopackIgnore: true*/ file)) return readFileSync(/*turbopackIgnore: true*/ file, 'utf8').trim();
  mkdirSync(/*turbopackIgnore: true*/ dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(/*turbopackIgnore: true*/ file, secret, { mode: 0o600 });
  return secret;
}
