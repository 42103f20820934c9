import { cookies } from 'next/headers';
import { CreateWorkspacePage } from '@/components/tenancy/create-workspace-page';
import { requirePageUser } from '@/lib/server/accounts/page-guard';

/** /workspace/create ([R2.11]): login and account; creates in the active account (cookie, else the first). */
export default async function WorkspaceCreatePage() {
  const { accounts } = await requirePageUser({ account: true });
  const active = Number((await cookies()).get('activeAccount')?.value);
  const account = accounts.find((a) => a.id === active) ?? accounts[0];
  return <CreateWorkspacePage account={{ id: account.id, slug: account.slug, name: account.name }} />;
}
