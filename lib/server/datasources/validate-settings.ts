import 'server-only';
import { isDataSourceCode, SETTINGS_SCHEMAS, type TCredentials } from '@/lib/schemas/datasource-settings';
import { encrypt } from '../crypto';
import { db, type TTx } from '../db';
import { ApiError } from '../http/errors';
import { zodToFieldErrors } from '../http/parse';

/** A data source type by id (or code); a bad reference is DRF's "Invalid pk" under `type`. */
export async function resolveType(tx: TTx | undefined, ref: number | string) {
  const client = tx ?? db();
  const row =
    typeof ref === 'number'
      ? await client.dataSourceType.findUnique({ where: { id: ref }, select: { id: true, code: true } })
      : await client.dataSourceType.findUnique({ where: { code: ref }, select: { id: true, code: true } });
  if (!row || !isDataSourceCode(row.code)) throw ApiError.field('type', `Invalid pk "${ref}" - object does not exist.`);
  return { id: row.id, code: row.code };
}

/**
 * Validates settings with the type's schema; errors come back nested under
 * "settings" (e.g. `{"settings": {"url": ["Enter a valid URL."]}}`).
 * `requireUrl` is false for an uploaded GeoJSON, whose data is the file.
 */
export function validateSettings(code: string, settings: unknown, opts: { requireUrl?: boolean } = {}): Record<string, unknown> {
  if (!isDataSourceCode(code)) throw ApiError.field('type', 'Unknown data source type.');
  const res = SETTINGS_SCHEMAS[code].safeParse(settings ?? {});
  if (!res.success) throw ApiError.fields({ settings: zodToFieldErrors(res.error) });
  const out = res.data as Record<string, unknown>;
  if (code === 'geojson' && opts.requireUrl !== false && !out.url) throw ApiError.fields({ settings: { url: ['This field is required.'] } });
  return out;
}

/** The encrypted credentials column value ('' when none are given). */
export function sealCredentials(credentials: TCredentials | null | undefined): string {
  if (!credentials) return '';
  const kept = Object.fromEntries(Object.entries(credentials).filter(([, v]) => typeof v === 'string' && v !== ''));
  return Object.keys(kept).length ? encrypt(JSON.stringify(kept), 'datasource-credentials') : '';
}
