import 'server-only';
import { serializeProfile } from './profile';

/** The caller's own profile (created empty on first read). */
export function getOwnProfile(userId: number) {
  return serializeProfile(userId);
}
