import 'server-only';
import { db } from '../db';

/** The seeded data source types, by id. Public reference data: no access check. */
export async function listDataSourceTypes() {
  const rows = await db().dataSourceType.findMany({ select: { id: true, name: true, code: true, description: true }, orderBy: { id: 'asc' } });
  return rows;
}
