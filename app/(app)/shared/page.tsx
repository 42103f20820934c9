import { SharedList } from '@/components/tenancy/shared-list';
import { requirePageUser } from '@/lib/server/accounts/page-guard';
import { listInvitesForUser } from '@/lib/server/invites';

/** /shared ([R2.13], [R2.43]): login and account. */
export default async function SharedPage() {
  const { userId } = await requirePageUser({ account: true });
  return <SharedList invites={await listInvitesForUser(userId)} />;
}
