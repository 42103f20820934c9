import 'server-only';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { dataSourceViewScope } from '../tenancy';
import { DATASOURCE_SELECT, toDataSourceWires } from './datasource-wire';

/**
 * Data sources of the accounts the caller belongs to (or of one of them with
 * `accountId`; a foreign account is a 404), newest first. Two SQL queries
 * whatever the number of rows.
 */
export async function listDataSources(userId: number, accountId?: number) {
  if (accountId !== undefined) {
    const visible = await db().account.count({ where: { id: accountId, OR: [{ adminId: userId }, { members: { some: { userId } } }] } });
    if (!visible) throw ApiError.notFound();
  }
  const rows = await db().dataSource.findMany({
    where: { ...dataSourceViewScope(userId), ...(accountId !== undefined ? { accountId } : {}) },
    select: DATASOURCE_SELECT,
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
  });
  return toDataSourceWires(rows);
}
