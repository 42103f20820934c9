import { notFound } from 'next/navigation';
import { AccountView } from '@/components/tenancy/account-view';
import { findAccountBySlug } from '@/lib/server/accounts';
import { requirePageUser } from '@/lib/server/accounts/page-guard';
import { listWorkspaces } from '@/lib/server/workspaces';

/** /account/{slug} ([R2.19], [R2.41]): login and account; a slug the user cannot see is a 404. */
export default async function AccountPage({ params }: { params: Promise<{ slug: string }> }) {
  const { userId } = await requirePageUser({ account: true });
  const { slug } = await params;
  const account = await findAccountBySlug(userId, decodeURIComponent(slug));
  if (!account) notFound();
  const workspaces = await listWorkspaces(userId, { accountId: account.id });
  const { canManage, ...wire } = account;
  return <AccountView account={wire} workspaces={workspaces} canManage={canManage} />;
}
