import 'server-only';
import type { z } from 'zod';
import type { ZDataSourceBody } from '@/lib/schemas/datasource-settings';
import { db } from '../db';
import { resolveAdminAccount } from './account-of';
import { getDataSource } from './get-datasource';
import { resolveType, sealCredentials, validateSettings } from './validate-settings';

/**
 * Creates a data source in an account the caller administers (`account`, else
 * the active/first one); settings validated per type, credentials encrypted.
 * Throws 400 field errors.
 */
export async function createDataSource(userId: number, body: z.output<typeof ZDataSourceBody>, activeAccountId: number | null) {
  const id = await db().$transaction(async (tx) => {
    const accountId = await resolveAdminAccount(userId, body.account, activeAccountId, tx);
    const type = await resolveType(tx, body.type);
    const settings = validateSettings(type.code, body.settings);
    const row = await tx.dataSource.create({
      data: { accountId, name: body.name, typeId: type.id, settings: settings as object, secrets: sealCredentials(body.credentials), createdById: userId },
      select: { id: true },
    });
    return row.id;
  });
  return getDataSource(userId, id);
}
