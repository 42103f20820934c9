import 'server-only';
import { db } from '../db';
import { dataSourceAdminScope } from '../tenancy';
import { removeUploadedFile } from './upload-files';
import { requireDataSourceAdmin } from './require-datasource-admin';

/** Deletes a data source the caller administers (404 foreign, 403 view-only) and its uploaded file; layers keep existing without a source. */
export async function deleteDataSource(userId: number, id: number) {
  const row = await requireDataSourceAdmin(userId, id);
  await db().dataSource.deleteMany({ where: { id, ...dataSourceAdminScope(userId) } });
  if (row.filePath) await removeUploadedFile(row.filePath);
}
