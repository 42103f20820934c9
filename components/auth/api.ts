'use client';

/** JSON calls from the auth screens to our own API; the session cookie travels by itself (same origin). */
export type TApiResult = { ok: boolean; status: number; data: unknown };

export async function apiCall(path: string, init: { method?: string; body?: unknown } = {}): Promise<TApiResult> {
  const res = await fetch(path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    credentials: 'same-origin',
    headers: init.body === undefined ? undefined : { 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { ok: res.ok, status: res.status, data };
}

/** "key: value" for the first key of an error object, or the text itself ([R8.03]). */
export function errorText(data: unknown): string {
  if (typeof data === 'string') return data;
  if (Array.isArray(data)) return data.map(String).join(' ');
  if (data && typeof data === 'object') {
    const [key, value] = Object.entries(data)[0] ?? [];
    if (key === undefined) return '';
    const v = Array.isArray(value) ? value.join(' ') : String(value);
    return key === 'detail' || key === 'error' ? v : `${key}: ${v}`;
  }
  return String(data ?? '');
}

/** Where a signed-in browser goes after login: the demo workspace, else home (the proxy sends it on) ([R2.25], [R2.26]). */
export async function landAfterLogin(setDemo: (v: boolean) => void) {
  try {
    const res = await apiCall('/api/demo');
    const v = res.data as number | { id?: number } | null;
    const id = res.ok ? (typeof v === 'number' ? v : Number((v as { id?: number } | null)?.id ?? 0)) : 0;
    if (id) {
      setDemo(true);
      window.location.assign(`/workspace/view/${id}`);
      return;
    }
  } catch {
    /* a lookup error continues normally */
  }
  window.location.assign('/');
}

export const EPHEMERAL_KEY = 'ephemeral_token';

/** Register's error rule ([R8.03]): an object shows its first key and value as "key: value". */
export function firstKeyValue(data: unknown): string {
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    const [key, value] = Object.entries(data)[0] ?? [];
    if (key !== undefined) return `${key}: ${Array.isArray(value) ? value.join(' ') : String(value)}`;
  }
  return errorText(data);
}

/** The text inside a next-auth sign-in error (our authorize throws JSON). */
export function signInError(error: string): { ephemeral_token?: string; method?: string; error?: string } {
  try {
    const parsed = JSON.parse(error) as { ephemeral_token?: string; method?: string; error?: string };
    return typeof parsed === 'object' && parsed ? parsed : { error };
  } catch {
    return { error: error === 'CredentialsSignin' ? 'Unable to login with provided credentials.' : error };
  }
}

/**
 * next-auth's credentials sign-in, with its client loaded only when a form is
 * submitted so it stays out of the login page's first-load JavaScript (issue 8).
 */
export async function credentialsSignIn(fields: Record<string, string>) {
  const { signIn } = await import('next-auth/react');
  return signIn('credentials', { redirect: false, ...fields });
}
