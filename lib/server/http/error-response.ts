import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { log } from '../log';
import { ApiError } from './errors';

/**
 * Maps anything thrown into the one error envelope: ApiError as it is, known
 * Prisma errors to their DRF meaning, an unreachable database to 503, and
 * everything else to a generic 500 whose details go only to the log.
 */
export function toErrorResponse(err: unknown, req?: NextRequest): Response {
  const apiErr = err instanceof ApiError ? err : fromKnownError(err);
  if (apiErr) {
    return NextResponse.json(apiErr.body, { status: apiErr.status, headers: apiErr.headers });
  }
  log.error('request.failed', {
    method: req?.method,
    path: req?.nextUrl.pathname,
    message: (err as Error)?.message,
    stack: (err as Error)?.stack,
  });
  return NextResponse.json({ detail: 'A server error occurred.' }, { status: 500 });
}

function chain(err: unknown): unknown[] {
  const out: unknown[] = [];
  let cur: unknown = err;
  for (let i = 0; cur && i < 6; i++) {
    out.push(cur);
    cur = (cur as { cause?: unknown }).cause;
  }
  return out;
}

const UNAVAILABLE_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '53300']);
const UNAVAILABLE_TEXT = /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Can't reach database|connect ECONNREFUSED|Connection refused|terminating connection|the database system is (starting up|shutting down)|canceling statement due to statement timeout|Client has encountered a connection error|Transaction API error|Unable to start a transaction/i;

/** True when an error means "the database is not answering" (→ 503, fail fast). */
export function isDbUnavailable(err: unknown): boolean {
  return chain(err).some((e) => {
    const code = (e as { code?: unknown })?.code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    const kind = (e as { kind?: unknown })?.kind;
    if (kind === 'DatabaseNotReachable' || kind === 'SocketTimeout' || kind === 'ConnectionClosed') return true;
    const msg = (e as Error)?.message;
    return typeof msg === 'string' && UNAVAILABLE_TEXT.test(msg);
  });
}

function fromKnownError(err: unknown): ApiError | null {
  if (isDbUnavailable(err)) {
    log.warn('db.unavailable', { message: (err as Error)?.message });
    return ApiError.unavailable();
  }
  const code = (err as { code?: unknown })?.code;
  if (code === 'P2025') return ApiError.notFound();
  if (code === 'P2002') {
    const target = (err as { meta?: { target?: unknown } }).meta?.target;
    const field = Array.isArray(target) ? String(target[target.length - 1]) : 'non_field_errors';
    return ApiError.field(field, 'This field must be unique.');
  }
  if (code === 'P2003') return ApiError.nonField('A related object does not exist.');
  if (code === 'P2034') return ApiError.conflict();
  return null;
}
