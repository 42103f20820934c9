import { AccountsList } from '@/components/tenancy/accounts-list';
import { requirePageUser } from '@/lib/server/accounts/page-guard';

/** /accounts ([R2.17], [R2.39]): login and account. */
export default async function AccountsPage() {
  const { accounts } = await requirePageUser({ account: true });
  return <AccountsList accounts={accounts} />;
}
