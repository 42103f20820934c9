import 'server-only';
import { db } from '../db';
import { ApiError } from '../http/errors';

/**
 * The caller's profile ([R3.02]): id, company, street, number, city,
 * country, mfa_required and the names of their active MFA methods.
 * `mfa_required` is set by administrators only, never through the API.
 */
export type TProfileWire = { id: number; company: string; street: string; number: string; city: string; country: string; mfa_required: boolean; mfa: string[] };

async function serialize(userId: number): Promise<TProfileWire> {
  const p = await db().profile.upsert({ where: { userId }, create: { userId }, update: {} });
  const methods = await db().mfaMethod.findMany({ where: { userId, isActive: true }, select: { name: true }, orderBy: { id: 'asc' } });
  return { id: p.id, company: p.company, street: p.street, number: p.number, city: p.city, country: p.country, mfa_required: p.mfaRequired, mfa: methods.map((m) => m.name) };
}

/** The caller's own profile (created empty on first read). */
export function getOwnProfile(userId: number) {
  return serialize(userId);
}

/** Updates the caller's own profile fields; another profile's id is 404. */
export async function updateOwnProfile(
  userId: number,
  profileId: number,
  patch: { company?: string; street?: string; number?: string; city?: string; country?: string },
) {
  const res = await db().profile.updateMany({ where: { id: profileId, userId }, data: patch });
  if (res.count === 0) throw ApiError.notFound();
  return serialize(userId);
}
