import 'server-only';
import { db } from '../db';

/** The caller's demo workspace id from their profile, or 0 when they have none ([R7.04], [R3.12]); own data only. */
export async function getDemoWorkspaceId(userId: number): Promise<number> {
  const profile = await db().profile.findUnique({ where: { userId }, select: { demoWorkspaceId: true } });
  return profile?.demoWorkspaceId ?? 0;
}
