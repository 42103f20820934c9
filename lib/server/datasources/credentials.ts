import 'server-only';
import type { TCredentials } from '@/lib/schemas/datasource-settings';
import { decrypt } from '../crypto';

/** The stored (encrypted) credentials of a data source; null when none were given. */
export function openCredentials(secrets: string | null | undefined): TCredentials | null {
  return secrets ? (JSON.parse(decrypt(secrets, 'datasource-credentials')) as TCredentials) : null;
}

/** The Authorization header the app sends to a data source's service (API key before user/password). */
export function authHeaders(c: TCredentials | null): Record<string, string> {
  if (!c) return {};
  if (c.apiKey) return { Authorization: `Bearer ${c.apiKey}` };
  if (c.username) return { Authorization: `Basic ${Buffer.from(`${c.username}:${c.password ?? ''}`).toString('base64')}` };
  return {};
}
