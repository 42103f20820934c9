import 'server-only';
import { db } from '../db';

/**
 * The caller's profile ([R3.02]): id, company, street, number, city,
 * country, mfa_required and the names of their active MFA methods.
 * `mfa_required` is set by administrators only, never through the API.
 */
export type TProfileWire = { id: number; company: string; street: string; number: string; city: string; country: string; mfa_required: boolean; mfa: string[] };

/** The caller's profile in the wire shape (a missing profile row is created empty). */
export async function serializeProfile(userId: number): Promise<TProfileWire> {
  const p = await db().profile.upsert({ where: { userId }, create: { userId }, update: {} });
  const methods = await db().mfaMethod.findMany({ where: { userId, isActive: true }, select: { name: true }, orderBy: { id: 'asc' } });
  return { id: p.id, company: p.company, street: p.street, number: p.number, city: p.city, country: p.country, mfa_required: p.mfaRequired, mfa: methods.map((m) => m.name) };
}
