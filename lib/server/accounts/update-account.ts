import 'server-only';
import type { z } from 'zod';
import type { ZAccountUpdate } from '@/lib/schemas/tenancy';
import type { TAccountWire } from '@/lib/wire-types';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { accountAdminScope } from '../tenancy';
import { getAccount } from './get-account';
import { ACCOUNT_SELECT, serializeAccount } from './serialize-account';

/** Renames / re-describes an account (the slug stays); 404 when the caller cannot see it, 403 when they only belong to it. */
export async function updateAccount(userId: number, id: number, input: z.infer<typeof ZAccountUpdate>): Promise<TAccountWire> {
  const acc = await getAccount(userId, id);
  if (!acc.canManage) throw ApiError.forbidden();
  const res = await db().account.updateMany({
    where: { id, ...accountAdminScope(userId) },
    data: { ...(input.name !== undefined && { name: input.name }), ...(input.description !== undefined && { description: input.description }) },
  });
  if (res.count === 0) throw ApiError.notFound();
  return serializeAccount(await db().account.findUniqueOrThrow({ where: { id }, select: ACCOUNT_SELECT }));
}
