import 'server-only';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { dataSourceViewScope } from '../tenancy';
import { DATASOURCE_SELECT, toDataSourceWires } from './datasource-wire';

/** One data source of the caller's accounts; 404 when missing or foreign. */
export async function getDataSource(userId: number, id: number) {
  const row = await db().dataSource.findFirst({ where: { id, ...dataSourceViewScope(userId) }, select: DATASOURCE_SELECT });
  if (!row) throw ApiError.notFound();
  const [wire] = await toDataSourceWires([row]);
  return wire;
}
