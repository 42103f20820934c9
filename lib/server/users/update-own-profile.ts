import 'server-only';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { serializeProfile } from './profile';

/** Updates the caller's own profile fields; another profile's id is 404. */
export async function updateOwnProfile(
  userId: number,
  profileId: number,
  patch: { company?: string; street?: string; number?: string; city?: string; country?: string },
) {
  const res = await db().profile.updateMany({ where: { id: profileId, userId }, data: patch });
  if (res.count === 0) throw ApiError.notFound();
  return serializeProfile(userId);
}
