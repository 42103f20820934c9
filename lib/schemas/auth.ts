import { z } from 'zod';
import { email, str } from '@/lib/server/http/drf';

/** Request bodies of the auth endpoints, with DRF's messages (API.md §1.4, Part 1). */
export const USERNAME_INVALID = 'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.';

export const ZLoginBody = z.object({ username: str(), password: str() });
export const ZLoginCodeBody = z.object({ ephemeral_token: str(), code: str() });
export const ZCodeBody = z.object({ code: str() });
export const ZOptionalCodeBody = z.object({ code: str().optional() });
export const ZCodeRequestBody = z.object({ method: str({ max: 255 }).optional() });
export const ZChangePrimaryBody = z.object({
  method: z.unknown().superRefine((v, ctx) => {
    if (v === undefined) ctx.addIssue({ code: 'custom', message: 'This field is required.' });
    else if (v !== 'app' && v !== 'email') ctx.addIssue({ code: 'custom', message: `"${String(v)}" is not a valid choice.` });
  }).transform((v) => v as 'app' | 'email'),
  code: str(),
});
export const ZMethodParam = z.object({ method: z.string().max(64) });

export const ZRegisterBody = z.object({
  username: str({ max: 150 }).refine((v) => v === '' || /^[\p{L}\p{N}_.@+-]+$/u.test(v), USERNAME_INVALID),
  email: email(),
  password: str({ max: 128 }),
});

export const ZResetBody = z.object({ email: email(), site: str({ max: 255, blank: true }).optional() });

export const ZResetPasswordBody = z.object({
  password: str({ max: 128 }),
  uid: z.union([z.string().max(64), z.number()]).optional(),
  pw_token: z.union([z.string().max(200), z.boolean()]).optional(),
  old_password: str({ max: 128 }).optional(),
});

export const ZActivationParams = z.object({ uid: z.string().max(64), token: z.string().max(200) });

export const ZProfilePatch = z.object({
  company: str({ max: 255, blank: true }).optional(),
  street: str({ max: 255, blank: true }).optional(),
  number: str({ max: 50, blank: true }).optional(),
  city: str({ max: 255, blank: true }).optional(),
  country: str({ max: 255, blank: true }).optional(),
});

/** Response bodies, for the OpenAPI document. */
const page = <T extends z.ZodType>(item: T) => z.object({ count: z.number().int(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(item) });
export const ZAuthTokenResponse = z.object({ auth_token: z.string().regex(/^[0-9a-f]{40}$/) });
export const ZLoginResponse = z.union([ZAuthTokenResponse, z.object({ ephemeral_token: z.string(), method: z.enum(['app', 'email']) })]);
export const ZDetailsResponse = z.object({ details: z.string() });
export const ZBackupCodesResponse = z.object({ backup_codes: z.array(z.string()) });
export const ZMfaConfigResponse = z.object({
  methods: z.array(z.string()),
  confirm_disable_with_code: z.boolean(),
  confirm_regeneration_with_code: z.boolean(),
  allow_backup_codes_regeneration: z.boolean(),
});
export const ZActiveMethodsPage = page(z.object({ name: z.string(), is_primary: z.boolean() }));
export const ZRegisterResponse = z.object({ id: z.number().int(), username: z.string(), email: z.string() });
export const ZActivatedResponse = z.literal('Activated');
export const ZEmptyResponse = z.object({});
export const ZUserWire = z.object({ id: z.number().int(), username: z.string(), email: z.string(), date_joined: z.string(), last_login: z.string().nullable() });
export const ZUsersPage = page(ZUserWire);
export const ZProfileWire = z.object({
  id: z.number().int(),
  company: z.string(),
  street: z.string(),
  number: z.string(),
  city: z.string(),
  country: z.string(),
  mfa_required: z.boolean(),
  mfa: z.array(z.string()),
});
export const ZProfilesPage = page(ZProfileWire);
