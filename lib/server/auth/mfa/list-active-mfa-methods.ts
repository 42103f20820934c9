import 'server-only';
import { db } from '../../db';

/** GET /auth/mfa/user-active-methods: the caller's active methods as `{name, is_primary}`. */
export async function listActiveMfaMethods(userId: number) {
  const rows = await db().mfaMethod.findMany({ where: { userId, isActive: true }, select: { name: true, isPrimary: true }, orderBy: { id: 'asc' } });
  return rows.map((r) => ({ name: r.name, is_primary: r.isPrimary }));
}
