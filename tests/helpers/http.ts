import { NextRequest } from 'next/server';

/** Calls a route handler for real, as Next would: a NextRequest in, the Response decoded out. */
export type THandler = (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export type TCallOpts = {
  method?: string;
  body?: unknown;
  /** Raw body (string or bytes) sent as-is; use with `contentType`. */
  rawBody?: BodyInit;
  contentType?: string;
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
};

export type TResult<T = unknown> = { status: number; body: T; text: string; headers: Headers };

export const ORIGIN = 'http://localhost:3000';

/**
 * The client address of this test file's requests (what scripts/entrypoint.ts
 * sets from the socket in production). One per file, so files running in
 * parallel against the same database do not spend each other's per-IP rate
 * limits (datasource tests and uploads have their own fixed budgets).
 */
const FILE_IP = `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

export function buildRequest(url: string, opts: TCallOpts = {}): NextRequest {
  const headers = new Headers(opts.headers);
  if (!headers.has('x-mapspace-client-ip')) headers.set('x-mapspace-client-ip', FILE_IP);
  if (opts.token) headers.set('authorization', `Token ${opts.token}`);
  if (opts.cookie) {
    headers.set('cookie', opts.cookie);
    if (!headers.has('origin')) headers.set('origin', ORIGIN);
  }
  let body: BodyInit | undefined;
  if (opts.rawBody !== undefined) {
    body = opts.rawBody;
    if (opts.contentType) headers.set('content-type', opts.contentType);
  } else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers.set('content-type', opts.contentType ?? 'application/json');
  }
  return new NextRequest(new URL(url, ORIGIN), { method: opts.method ?? (body ? 'POST' : 'GET'), headers, body });
}

export async function call<T = any>(handler: THandler, url: string, opts: TCallOpts = {}): Promise<TResult<T>> {
  const res = await handler(buildRequest(url, opts), { params: Promise.resolve(opts.params ?? {}) });
  const text = await res.text();
  let body: unknown = text;
  if (text && (res.headers.get('content-type') ?? '').includes('json')) body = JSON.parse(text);
  return { status: res.status, body: body as T, text, headers: res.headers };
}
