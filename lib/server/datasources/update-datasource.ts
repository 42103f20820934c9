import 'server-only';
import type { z } from 'zod';
import type { ZDataSourcePatch } from '@/lib/schemas/datasource-settings';
import { db } from '../db';
import { dataSourceAdminScope } from '../tenancy';
import { getDataSource } from './get-datasource';
import { requireDataSourceAdmin } from './require-datasource-admin';
import { resolveType, sealCredentials, validateSettings } from './validate-settings';

export type TDataSourcePatch = z.output<typeof ZDataSourcePatch>;

/**
 * Changes name, type, settings or credentials of a data source the caller
 * administers (404 foreign, 403 view-only). `credentials`: omitted keeps them,
 * null or {} clears them. Settings are re-validated against the (new) type.
 */
export async function updateDataSource(userId: number, id: number, patch: TDataSourcePatch) {
  await db().$transaction(async (tx) => {
    const current = await requireDataSourceAdmin(userId, id, tx);
    const data: Record<string, unknown> = {};
    if (patch.name !== undefined) data.name = patch.name;
    if (patch.type !== undefined || patch.settings !== undefined) {
      const type = patch.type !== undefined ? await resolveType(tx, patch.type) : { id: current.typeId, code: current.type?.code ?? '' };
      const settings = validateSettings(type.code, patch.settings ?? current.settings, { requireUrl: !current.filePath });
      data.typeId = type.id;
      data.settings = settings;
    }
    if (patch.credentials !== undefined) data.secrets = sealCredentials(patch.credentials);
    await tx.dataSource.updateMany({ where: { id, ...dataSourceAdminScope(userId) }, data: { ...data, updatedAt: new Date() } });
  });
  return getDataSource(userId, id);
}
