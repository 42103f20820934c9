import 'server-only';
import { createHmac, hkdfSync } from 'node:crypto';
import { config } from '../config';
import { safeEqual } from '../crypto';

/**
 * Signed tile URLs of GeoJSON layers (layer-tiles.ts). The layer list (listVisibleLayers — itself
 * the visibility check) hands out a tile URL template carrying an HMAC over layer id, data source
 * version and an expiry. A tile request with a valid signature is served without the
 * layer-visibility queries: a map asks for dozens of tiles at once and each check costs several
 * SQL statements. Without a valid one (expired, tampered) the tile request gets the full check
 * (session or share token). So losing access to a layer reaches its tiles within SIGNED_FOR_S at
 * most — about the time a browser may keep a tile anyway (Cache-Control max-age=300).
 * Expiries are 5-minute steps, so a tile URL stays the same (cacheable) for a while.
 */
export const SIGNED_FOR_S = 600;
const STEP_S = 300;

let keyCache: { secret: string; key: Buffer } | null = null;
function key(): Buffer {
  const secret = config().AUTH_SECRET;
  if (keyCache?.secret !== secret) keyCache = { secret, key: Buffer.from(hkdfSync('sha256', secret, 'mapspace', 'tile-urls', 32)) };
  return keyCache.key;
}

function signature(layerId: number, version: string, exp: number): string {
  return createHmac('sha256', key()).update(`${layerId}.${version}.${exp}`).digest('base64url').slice(0, 32);
}

/** `/api/layers/{id}/tiles/{z}/{x}/{y}?v=&exp=&sig=(&token=)`: the share token stays for the fallback check. */
export function signedTilesUrl(layerId: number, version: string, shareToken: string | null | undefined, now = Date.now()): string {
  const exp = Math.ceil((now / 1000 + SIGNED_FOR_S) / STEP_S) * STEP_S;
  const token = shareToken ? `&token=${encodeURIComponent(shareToken)}` : '';
  return `/api/layers/${layerId}/tiles/{z}/{x}/{y}?v=${version}&exp=${exp}&sig=${signature(layerId, version, exp)}${token}`;
}

export function verifyTileSignature(layerId: number, q: { v?: string; exp?: string; sig?: string }, now = Date.now()): boolean {
  if (!q.v || !q.exp || !q.sig || !/^\d{1,12}$/.test(q.exp)) return false;
  const exp = Number(q.exp);
  if (exp * 1000 <= now || exp * 1000 > now + (SIGNED_FOR_S + STEP_S) * 1000) return false;
  return safeEqual(q.sig, signature(layerId, q.v, exp));
}
