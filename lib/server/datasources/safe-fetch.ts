import 'server-only';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { ApiError } from '../http/errors';

/**
 * Outbound fetch for connection tests (SSRF guard). Decision: link-local and
 * cloud-metadata addresses (169.254.0.0/16, fe80::/10, 0.0.0.0/8,
 * metadata.google.internal) are refused, also after each redirect, because
 * they expose instance credentials. Loopback and private ranges stay allowed:
 * self-hosted map servers often live next to the app (and tests serve from
 * 127.0.0.1). The host is resolved before the request; a DNS answer that
 * changes between lookup and connect is not covered. 5 s timeout, 5 MB cap.
 */
export const FETCH_TIMEOUT_MS = 5000;
export const FETCH_MAX_BYTES = 5 * 1024 * 1024;

function blockedAddress(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) {
    const [a, b] = v4.split('.').map(Number);
    return (a === 169 && b === 254) || a === 0 || (a === 100 && b === 100 && v4 === '100.100.100.200');
  }
  const low = ip.toLowerCase();
  return /^fe[89ab][0-9a-f]:/.test(low) || low === '::' || low.startsWith('fd00:ec2:');
}

export async function assertAllowedUrl(raw: string): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw ApiError.field('url', 'Enter a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw ApiError.field('url', 'Enter a valid URL.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (/^metadata(\.google)?\.internal$/i.test(host)) throw ApiError.field('url', 'This address is not allowed.');
  const addrs = isIP(host) ? [host] : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  if (!addrs.length) throw ApiError.field('url', `Could not resolve host ${host}.`);
  if (addrs.some(blockedAddress)) throw ApiError.field('url', 'This address is not allowed.');
  return url;
}

export type TFetched = { status: number; contentType: string; body: Buffer; url: string };

/**
 * GET with the guard above, following up to 3 redirects (each re-checked).
 * `limits` widens the timeout and size cap for callers that load whole data
 * sets (the GeoJSON tiler), the defaults are the connection test's.
 */
export async function safeFetch(raw: string, headers: Record<string, string> = {}, limits: { timeoutMs?: number; maxBytes?: number } = {}): Promise<TFetched> {
  const timeoutMs = limits.timeoutMs ?? FETCH_TIMEOUT_MS;
  const maxBytes = limits.maxBytes ?? FETCH_MAX_BYTES;
  let current = raw;
  const signal = AbortSignal.timeout(timeoutMs);
  for (let hop = 0; hop < 4; hop++) {
    const url = await assertAllowedUrl(current);
    let res: Response;
    try {
      res = await fetch(url, { headers, redirect: 'manual', signal });
    } catch (err) {
      const timeout = (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError';
      throw ApiError.field('url', timeout ? `The service did not answer within ${Math.round(timeoutMs / 1000)} seconds.` : `Could not connect: ${(err as Error).message}`);
    }
    if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
      current = new URL(res.headers.get('location')!, url).toString();
      await res.body?.cancel();
      continue;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    if (res.body) {
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > maxBytes) {
          await reader.cancel();
          throw ApiError.field('url', `The answer is larger than ${Math.round(maxBytes / (1024 * 1024))} MB.`);
        }
        chunks.push(Buffer.from(value));
      }
    }
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', body: Buffer.concat(chunks), url: url.toString() };
  }
  throw ApiError.field('url', 'Too many redirects.');
}
