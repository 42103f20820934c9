import 'server-only';
import { db } from '../db';
import { userGroupAdminScope } from '../tenancy';
import { requireGroupAdmin } from './user-group-wire';

/** Deletes a group the caller administers (404 foreign, 403 view-only); its layers become unrestricted unless other groups remain. */
export async function deleteUserGroup(userId: number, id: number) {
  await requireGroupAdmin(userId, id);
  await db().userGroup.deleteMany({ where: { id, ...userGroupAdminScope(userId) } });
}
