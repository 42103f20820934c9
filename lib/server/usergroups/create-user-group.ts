import 'server-only';
import { db } from '../db';
import { resolveAdminAccount } from '../datasources/account-of';
import { GROUP_SELECT, toGroupWire } from './user-group-wire';

/** Creates a group in an account the caller administers (`account`, else the active/first one). Throws 400 field errors. */
export async function createUserGroup(userId: number, input: { name: string; account?: number }, activeAccountId: number | null) {
  return db().$transaction(async (tx) => {
    const accountId = await resolveAdminAccount(userId, input.account, activeAccountId, tx);
    const g = await tx.userGroup.create({ data: { accountId, name: input.name }, select: GROUP_SELECT });
    return toGroupWire(g);
  });
}
