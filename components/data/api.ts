'use client';

/**
 * The browser's calls to our API (session cookie; the browser adds Origin, so
 * the CSRF check passes). Never throws for HTTP errors: callers get the
 * status and the decoded body to show in an alert ([R8.08]).
 */
export type TApiResult<T = unknown> = { ok: boolean; status: number; body: T };

export async function api<T = unknown>(method: string, url: string, body?: unknown): Promise<TApiResult<T>> {
  const init: RequestInit = { method, credentials: 'same-origin', headers: {} };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  try {
    const res = await fetch(url, init);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { ok: res.ok, status: res.status, body: parsed as T };
  } catch (err) {
    return { ok: false, status: 0, body: { detail: (err as Error).message } as T };
  }
}

/** A response body as alert text: strings as-is, objects as JSON. */
export function bodyText(body: unknown): string {
  if (typeof body === 'string') return body;
  return JSON.stringify(body);
}
