import { UserGroups } from '@/components/data/user-groups';
import { translate } from '@/lib/i18n/messages';
import { canManageAccount } from '@/lib/server/datasources/account-of';
import { requireActiveAccount } from '@/lib/server/shell/active-account';
import { loadShellState } from '@/lib/server/shell/load-shell-state';
import { listUserGroups } from '@/lib/server/usergroups';

export const dynamic = 'force-dynamic';

/** User groups of the active account ([R2.21], [R2.45]). */
export default async function UserGroupsPage() {
  const { userId, account } = await requireActiveAccount();
  const { locale } = await loadShellState();
  const [groups, adminOf] = await Promise.all([listUserGroups(userId, account.id), canManageAccount(userId, account.id)]);
  return (
    <div className="mx-auto w-full max-w-4xl p-4 md:p-8">
      <h1 className="mb-2 text-2xl font-medium">{translate(locale, 'usergroups.title')}</h1>
      <p className="mb-6 text-muted">{translate(locale, 'usergroups.intro')}</p>
      <UserGroups initial={groups} accountId={account.id} canEdit={adminOf} />
    </div>
  );
}
