import { z } from 'zod';
import { ZIdParam } from '@/lib/server/http/drf';
import { withApi } from '@/lib/server/http/with-api';
import { updateOwnProfile } from '@/lib/server/users';
import { ZProfilePatch, ZProfileWire } from '@/lib/schemas/auth';

// PATCH /api/extendUsers/{id} – update own profile fields (mfa_required is read-only); the owner
export const PATCH = withApi({
  params: z.object({ id: ZIdParam }),
  body: ZProfilePatch,
  docs: { summary: 'Update own profile', tags: ['users'], response: ZProfileWire },
  handler: async ({ params, body, auth }) => updateOwnProfile(auth.user.id, params.id, body),
});
