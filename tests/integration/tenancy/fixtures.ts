import { createAccount } from '@/lib/server/accounts';
import { db } from '@/lib/server/db';
import { createWorkspace } from '@/lib/server/workspaces';
import { createUser, sessionCookie, unique } from '../../helpers/factories';

export type TUser = Awaited<ReturnType<typeof createUser>>;

/** A user who administers a fresh account with one workspace. */
export async function tenant() {
  const user = await createUser();
  const account = await createAccount(user.id, { name: unique('Acc '), description: 'd' });
  const workspace = await createWorkspace(user.id, { name: unique('Ws '), description: 'd', account: account.id });
  return { user, account, workspace };
}

/** A user with an account, one workspace, an editor, an invitee (viewer), an account member and a stranger. */
export async function world() {
  const owner = await tenant();
  const editor = await createUser();
  const viewer = await createUser();
  const member = await createUser();
  const stranger = await tenant();
  await db().workspaceEditor.create({ data: { workspaceId: owner.workspace.id, userId: editor.id } });
  await db().invite.create({ data: { workspaceId: owner.workspace.id, userId: viewer.id, invitedById: owner.user.id } });
  await db().accountMember.create({ data: { accountId: owner.account.id, userId: member.id, role: 'member' } });
  return { owner, editor, viewer, member, stranger };
}

export { createUser, sessionCookie, unique };
