import 'server-only';
import type { NextRequest } from 'next/server';
import type { z } from 'zod';
import { ApiError, type TFieldErrors } from './errors';
import { pythonJsonError } from './python-json-error';

/** Turns a zod error into DRF's field-error body. */
export function zodToFieldErrors(error: z.ZodError): TFieldErrors {
  const out: TFieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.length ? issue.path.map(String) : ['non_field_errors'];
    let node: TFieldErrors = out;
    for (const part of path.slice(0, -1)) {
      if (!node[part] || Array.isArray(node[part])) node[part] = {};
      node = node[part] as TFieldErrors;
    }
    const last = path[path.length - 1];
    const list = (Array.isArray(node[last]) ? node[last] : (node[last] = [])) as string[];
    const msg = issue.message === 'Invalid input' ? 'Invalid value.' : issue.message;
    if (!list.includes(msg)) list.push(msg);
  }
  return out;
}

/** Validates `value` with `schema`, throwing a 400 in DRF's shape. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const res = schema.safeParse(value);
  if (!res.success) throw ApiError.fields(zodToFieldErrors(res.error));
  return res.data;
}

function isJsonType(contentType: string) {
  const base = contentType.split(';')[0].trim().toLowerCase();
  return base === 'application/json' || base.endsWith('+json');
}

/**
 * Reads a JSON body with a size cap enforced before and while buffering:
 * Content-Length over the limit → 413 without reading; a chunked body is
 * read until it passes the limit, then 413. Wrong content type → 415,
 * malformed → 400. An empty body reads as `{}` (DRF treats it so).
 */
export async function readJsonBody(req: NextRequest, maxBytes: number): Promise<unknown> {
  const declared = req.headers.get('content-length');
  if (declared && Number(declared) > maxBytes) throw tooLarge();
  const contentType = req.headers.get('content-type') ?? '';
  if (!req.body) return {};
  const raw = await readCapped(req.body, maxBytes);
  if (raw.length === 0) return {};
  if (!isJsonType(contentType)) {
    // DRF quotes the header as sent (empty when there is none).
    throw ApiError.detail(415, `Unsupported media type "${contentType}" in request.`);
  }
  // TextDecoder drops a leading byte order mark itself (ignoreBOM defaults to false).
  const text = new TextDecoder('utf-8', { fatal: false }).decode(raw);
  try {
    return JSON.parse(text);
  } catch {
    throw ApiError.detail(400, `JSON parse error - ${pythonJsonError(text)}`);
  }
}

function tooLarge() {
  return ApiError.detail(413, 'Request body is too large.');
}

export async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Buffer> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The query string as a plain object; a repeated key keeps its last value (Django's QueryDict.get). */
export function queryObject(req: NextRequest): Record<string, string> {
  const out: Record<string, string> = {};
  req.nextUrl.searchParams.forEach((v, k) => {
    out[k] = v;
  });
  return out;
}
