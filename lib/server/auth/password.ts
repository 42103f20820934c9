import 'server-only';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's parameters (m = 19 MiB, t = 2, p = 1): about 10 ms
 * per hash here. Passwords are checked exactly as typed (no trimming, no
 * truncation); at most 128 characters are accepted by the validators.
 */
// 2 = Algorithm.Argon2id (a const enum, which isolatedModules cannot read).
const PARAMS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFKC'), PARAMS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  if (!stored.startsWith('$argon2')) return false;
  try {
    return await verify(stored, password.normalize('NFKC'));
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;
/** Spends the same time as a real check, so unknown users cannot be told apart by timing. */
export async function burnPasswordCheck(password: string) {
  dummy ??= hashPassword('timing-equaliser-not-a-password');
  await verifyPassword(await dummy, password);
}
