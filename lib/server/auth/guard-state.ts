import 'server-only';
import { db } from '../db';
import { authenticateCookie } from './authenticate';

/**
 * What the route guards need to know about the browser's user, in two
 * queries: is the session valid, is MFA required but not set up, which
 * accounts can they open (first one = landing page), and their demo workspace.
 */
export type TGuardState = {
  userId: number;
  mfaMissing: boolean;
  accounts: { id: number; slug: string }[];
  demoWorkspaceId: number | null;
};

export async function loadGuardState(cookieValue: string | undefined): Promise<TGuardState | null> {
  const auth = await authenticateCookie(cookieValue);
  if (!auth) return null;
  const userId = auth.user.id;
  const [profile, activeMfa, accounts] = await Promise.all([
    db().profile.findUnique({ where: { userId }, select: { mfaRequired: true, demoWorkspaceId: true } }),
    db().mfaMethod.count({ where: { userId, isActive: true } }),
    db().account.findMany({
      where: { OR: [{ adminId: userId }, { members: { some: { userId } } }] },
      select: { id: true, slug: true },
      orderBy: { id: 'asc' },
    }),
  ]);
  return {
    userId,
    mfaMissing: !!profile?.mfaRequired && activeMfa === 0,
    accounts,
    demoWorkspaceId: profile?.demoWorkspaceId ?? null,
  };
}
