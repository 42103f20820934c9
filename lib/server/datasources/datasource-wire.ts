import 'server-only';
import type { TDataSourceWire } from '@/lib/wire-types';
import { db } from '../db';

/** The columns a TDataSourceWire is built from (secrets only to tell whether there are any). */
export const DATASOURCE_SELECT = {
  id: true,
  name: true,
  typeId: true,
  accountId: true,
  updatedAt: true,
  settings: true,
  secrets: true,
  filePath: true,
  fileSize: true,
  featureCount: true,
  bbox: true,
} as const;

export type TDataSourceRow = {
  id: number;
  name: string;
  typeId: number | null;
  accountId: number;
  updatedAt: Date;
  settings: unknown;
  secrets: string;
  filePath: string | null;
  fileSize: number | null;
  featureCount: number | null;
  bbox: number[];
};

/**
 * Shapes rows as TDataSourceWire with their `workspaces {count, names}`: one
 * extra query for any number of rows (layers joined to workspaces, distinct).
 */
export async function toDataSourceWires(rows: TDataSourceRow[]): Promise<(TDataSourceWire & { account: number })[]> {
  const ids = rows.map((r) => r.id);
  const uses = ids.length
    ? await db().layer.findMany({
        where: { dataSourceId: { in: ids } },
        distinct: ['dataSourceId', 'workspaceId'],
        select: { dataSourceId: true, workspace: { select: { name: true } } },
      })
    : [];
  const names = new Map<number, string[]>();
  for (const u of uses) {
    if (u.dataSourceId === null) continue;
    const list = names.get(u.dataSourceId) ?? [];
    list.push(u.workspace.name);
    names.set(u.dataSourceId, list);
  }
  return rows.map((r) => {
    const ws = (names.get(r.id) ?? []).sort((a, b) => a.localeCompare(b));
    return {
      id: r.id,
      name: r.name,
      type: r.typeId,
      account: r.accountId,
      date_modified: r.updatedAt.toISOString(),
      workspaces: { count: ws.length, names: ws },
      settings: (r.settings ?? {}) as Record<string, unknown>,
      has_credentials: r.secrets !== '',
      file: r.filePath ? { size: r.fileSize ?? 0, feature_count: r.featureCount, bbox: r.bbox.length === 4 ? r.bbox : null } : null,
    };
  });
}
