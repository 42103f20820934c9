import 'server-only';
import type { TTx } from '../db';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { dataSourceAdminScope, dataSourceViewScope } from '../tenancy';

/** Checks the caller may change data source `id`: 404 when they cannot see it, 403 when they only view its account. */
export async function requireDataSourceAdmin(userId: number, id: number, tx?: TTx) {
  const client = tx ?? db();
  const row = await client.dataSource.findFirst({
    where: { id, ...dataSourceAdminScope(userId) },
    select: { id: true, accountId: true, typeId: true, settings: true, filePath: true, type: { select: { code: true } } },
  });
  if (row) return row;
  const visible = await client.dataSource.count({ where: { id, ...dataSourceViewScope(userId) } });
  throw visible ? ApiError.forbidden() : ApiError.notFound();
}
