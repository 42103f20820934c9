import 'server-only';

/** djoser's uid: URL-safe base64 of the decimal id without padding (1 → "MQ"). */
export function encodeUid(id: number): string {
  return Buffer.from(String(id), 'utf8').toString('base64url');
}

/** The id inside a uid, or null when it is not one. */
export function decodeUid(uid: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uid)) return null;
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 && id <= 2147483647 ? id : null;
}
