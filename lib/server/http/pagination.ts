import 'server-only';
import type { NextRequest } from 'next/server';
import { z } from 'zod';
import { ApiError } from './errors';

/**
 * DRF's PageNumberPagination envelope `{count, next, previous, results}`
 * (API.md Part 1): `?page=` (1-based, or `last`) and `?page_size=` up to 1000,
 * default 1000 so the UI's client-side tables get every row.
 */
export const MAX_PAGE_SIZE = 1000;

export const ZPageQuery = z.object({
  page: z.string().optional(),
  page_size: z.string().optional(),
});

export type TPage = { page: number | 'last'; size: number };

export function pageOf(query: { page?: string; page_size?: string }): TPage {
  const sizeRaw = Number(query.page_size);
  const size = Number.isInteger(sizeRaw) && sizeRaw > 0 ? Math.min(sizeRaw, MAX_PAGE_SIZE) : MAX_PAGE_SIZE;
  if (query.page === undefined || query.page === '') return { page: 1, size };
  if (query.page === 'last') return { page: 'last', size };
  const n = Number(query.page);
  if (!Number.isInteger(n) || n < 1) throw ApiError.detail(404, 'Invalid page.');
  return { page: n, size };
}

/** skip/take for a page of a list of `count` rows; throws 404 "Invalid page." past the end. */
export function window(page: TPage, count: number): { skip: number; take: number; number: number } {
  const pages = Math.max(1, Math.ceil(count / page.size));
  const number = page.page === 'last' ? pages : page.page;
  if (number > pages) throw ApiError.detail(404, 'Invalid page.');
  return { skip: (number - 1) * page.size, take: page.size, number };
}

export function envelope<T>(req: NextRequest, page: TPage, count: number, number: number, results: T[]) {
  const pages = Math.max(1, Math.ceil(count / page.size));
  const link = (n: number | null) => {
    if (n === null) return null;
    const url = new URL(req.nextUrl.pathname + req.nextUrl.search, publicOrigin(req));
    if (n === 1) url.searchParams.delete('page');
    else url.searchParams.set('page', String(n));
    return url.toString();
  };
  return {
    count,
    next: link(number < pages ? number + 1 : null),
    previous: link(number > 1 ? number - 1 : null),
    results,
  };
}

/** The origin the caller used (absolute URLs in next/previous, as DRF builds them). */
export function publicOrigin(req: NextRequest): string {
  const host = req.headers.get('x-forwarded-host') ?? req.headers.get('host');
  const proto = req.headers.get('x-forwarded-proto') ?? req.nextUrl.protocol.replace(':', '');
  return host ? `${proto}://${host}` : req.nextUrl.origin;
}

/** Envelope for an in-memory list already fully loaded (small lists). */
export function paginateArray<T>(req: NextRequest, query: { page?: string; page_size?: string }, rows: T[]) {
  const page = pageOf(query);
  const w = window(page, rows.length);
  return envelope(req, page, rows.length, w.number, rows.slice(w.skip, w.skip + w.take));
}
