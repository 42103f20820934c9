import 'server-only';
import { randomUUID } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import type { z } from 'zod';
import { authenticate, type TAuth } from '../auth/authenticate';
import { consume, type TRule } from '../auth/rate-limit';
import { config } from '../config';
import { log, requestContext } from '../log';
import { ApiError } from './errors';
import { toErrorResponse } from './error-response';
import { parseWith, queryObject, readJsonBody } from './parse';

/**
 * The one route wrapper: authenticate → rate-limit → parse params, query and
 * body with zod → run the handler → answer in the DRF shape. Every error
 * leaves through toErrorResponse, so there is one error envelope.
 */
export type TCtx<P, Q, B, A extends TAuth | null> = {
  req: NextRequest;
  params: P;
  query: Q;
  body: B;
  auth: A;
  ip: string;
  requestId: string;
};

export type TApiDocs = {
  summary: string;
  tags?: string[];
  /** Response body schema for the OpenAPI document. */
  response?: z.ZodType;
  /** Success status (default 200; 201 for creates, 204 for deletes). */
  status?: number;
  /** Request content type when it is not JSON (uploads). */
  requestContentType?: string;
};

type TBaseOpts<P, Q, B> = {
  params?: z.ZodType<P, unknown>;
  query?: z.ZodType<Q, unknown>;
  body?: z.ZodType<B, unknown>;
  /** `raw`: the handler reads the request body itself (uploads). */
  bodyKind?: 'json' | 'raw';
  rateLimit?: () => TRule;
  docs: TApiDocs;
};

type TOptsRequired<P, Q, B> = TBaseOpts<P, Q, B> & {
  auth?: 'required';
  handler: (ctx: TCtx<P, Q, B, TAuth>) => Promise<unknown>;
};
type TOptsOptional<P, Q, B> = TBaseOpts<P, Q, B> & {
  auth: 'optional';
  handler: (ctx: TCtx<P, Q, B, TAuth | null>) => Promise<unknown>;
};

export type TRouteHandler = ((req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>) & {
  apiMeta: { auth: 'required' | 'optional'; params?: z.ZodType; query?: z.ZodType; body?: z.ZodType; docs: TApiDocs };
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The caller's address: set by scripts/entrypoint.ts from the socket (or the trusted proxy). */
export function clientIp(req: NextRequest): string {
  return req.headers.get('x-mapspace-client-ip') || 'local';
}

function requestIdOf(req: NextRequest) {
  const given = req.headers.get('x-request-id');
  return given && /^[A-Za-z0-9._-]{1,64}$/.test(given) ? given : randomUUID();
}

/** Cookie-authenticated writes must come from our own pages (CSRF): Origin must be this site. */
function assertSameOrigin(req: NextRequest) {
  const origin = req.headers.get('origin');
  const allowed = new Set([new URL(config().APP_URL).origin]);
  const host = req.headers.get('x-forwarded-host') ?? req.headers.get('host');
  if (host) {
    const proto = req.headers.get('x-forwarded-proto') ?? req.nextUrl.protocol.replace(':', '');
    allowed.add(`${proto}://${host}`);
  }
  if (!origin || !allowed.has(origin)) throw ApiError.detail(403, 'CSRF Failed: Origin checking failed - the request did not come from this site.');
}

export function withApi<P = Record<string, never>, Q = Record<string, never>, B = Record<string, never>>(
  opts: TOptsRequired<P, Q, B>,
): TRouteHandler;
export function withApi<P = Record<string, never>, Q = Record<string, never>, B = Record<string, never>>(
  opts: TOptsOptional<P, Q, B>,
): TRouteHandler;
export function withApi<P, Q, B>(opts: TOptsRequired<P, Q, B> | TOptsOptional<P, Q, B>): TRouteHandler {
  const authMode = opts.auth ?? 'required';
  const run = async (req: NextRequest, routeCtx: { params: Promise<Record<string, string | string[]>> }) => {
    const requestId = requestIdOf(req);
    const ip = clientIp(req);
    return requestContext.run({ requestId, ip }, async () => {
      let response: Response;
      try {
        const auth = await authenticate(req);
        if (auth) {
          const store = requestContext.getStore();
          if (store) store.userId = auth.user.id;
        }
        if (!auth && authMode === 'required') throw ApiError.unauthenticated();
        if (auth?.via === 'session' && !SAFE_METHODS.has(req.method)) assertSameOrigin(req);
        if (opts.rateLimit) await consume(opts.rateLimit(), ip);
        const rawParams = (await routeCtx?.params) ?? {};
        const params = (opts.params ? parseParams(opts.params, rawParams) : rawParams) as P;
        const query = (opts.query ? parseWith(opts.query, queryObject(req)) : {}) as Q;
        let body = {} as B;
        if (opts.body && opts.bodyKind !== 'raw') {
          const raw = await readJsonBody(req, config().JSON_BODY_MAX_BYTES);
          if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
            throw ApiError.nonField(`Invalid data. Expected a dictionary, but got ${Array.isArray(raw) ? 'list' : raw === null ? 'NoneType' : typeof raw === 'string' ? 'str' : typeof raw === 'number' ? (Number.isInteger(raw) ? 'int' : 'float') : typeof raw === 'boolean' ? 'bool' : typeof raw}.`);
          }
          body = parseWith(opts.body, raw);
        }
        const result = await (opts.handler as (ctx: TCtx<P, Q, B, TAuth | null>) => Promise<unknown>)({
          req,
          params,
          query,
          body,
          auth,
          ip,
          requestId,
        });
        response = toResponse(result, opts.docs.status);
      } catch (err) {
        response = toErrorResponse(err, req);
      }
      response.headers.set('X-Request-Id', requestId);
      if (!response.headers.has('Cache-Control')) response.headers.set('Cache-Control', 'no-store');
      return response;
    });
  };
  return Object.assign(run, {
    apiMeta: { auth: authMode, params: opts.params, query: opts.query, body: opts.body, docs: opts.docs },
  }) as TRouteHandler;
}

/** Path parameters that fail their schema are a plain 404, like a Django URL that does not match. */
function parseParams<P>(schema: z.ZodType<P, unknown>, raw: unknown): P {
  const res = schema.safeParse(raw);
  if (!res.success) throw ApiError.notFound();
  return res.data;
}

function toResponse(result: unknown, status = 200): Response {
  if (result instanceof Response) return result;
  if (result === undefined || status === 204) return new NextResponse(null, { status: 204 });
  return NextResponse.json(result, { status });
}

/** A JSON response with an explicit status (e.g. 201 on create). */
export function json(body: unknown, status = 200, headers?: Record<string, string>) {
  return NextResponse.json(body, { status, headers });
}

export function noContent() {
  return new NextResponse(null, { status: 204 });
}

export function logRequestError(err: unknown) {
  log.error('request.error', { message: (err as Error)?.message, stack: (err as Error)?.stack });
}
