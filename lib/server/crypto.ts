import 'server-only';
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { config } from './config';

/** sha256 hex of a token: how every bearer secret is stored at rest. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** `bytes` random bytes from the CSPRNG as lowercase hex. */
export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

/** URL-safe random token with `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

function key(purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', config().AUTH_SECRET, 'mapspace', purpose, 32));
}

/** AES-256-GCM with a key derived from AUTH_SECRET; output `v1.<iv>.<tag>.<ciphertext>` base64url. */
export function encrypt(plain: string, purpose = 'secrets'): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(purpose), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

export function decrypt(sealed: string, purpose = 'secrets'): string {
  const [v, iv, tag, data] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('not an encrypted value');
  const decipher = createDecipheriv('aes-256-gcm', key(purpose), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
