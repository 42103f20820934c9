import { redirect } from 'next/navigation';
import { ProfileView } from '@/components/auth/profile-view';
import { listActiveMfaMethods } from '@/lib/server/auth/mfa';
import { getViewer } from '@/lib/server/shell/load-shell-state';
import { getCurrentUser, getOwnProfile } from '@/lib/server/users';

export const dynamic = 'force-dynamic';

/** /profile ([R2.08], [R2.38]): signed-in users only (the proxy checks first). */
export default async function ProfilePage() {
  const auth = await getViewer();
  if (!auth) redirect('/');
  const [user, profile, methods] = await Promise.all([getCurrentUser(auth.user.id), getOwnProfile(auth.user.id), listActiveMfaMethods(auth.user.id)]);
  return <ProfileView user={user} profile={profile} methods={methods} />;
}
