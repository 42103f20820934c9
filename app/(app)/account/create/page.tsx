import { CreateAccountForm } from '@/components/tenancy/create-account-form';
import { requirePageUser } from '@/lib/server/accounts/page-guard';

/** /account/create ([R2.18], [R2.40]): login only. */
export default async function CreateAccountPage() {
  const { accounts } = await requirePageUser({ account: false });
  return <CreateAccountForm hasAccounts={accounts.length > 0} />;
}
