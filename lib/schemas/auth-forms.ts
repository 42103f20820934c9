import { z } from 'zod';

/** Client-side form rules of SPEC §5 with its exact messages ([R5.04]–[R5.08]). */
const username = z.string().min(1, 'Username is required');
const password = z.string().min(1, 'Password is required').min(4, 'Password must be more than 4 characters');
const emailField = z.string().min(1, 'Email is required').regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'E-mail must be valid');
const confirm = z.string().min(1, 'Confirm password is required');

export const ZLoginForm = z.object({ username, password });
export const ZVerificationForm = z.object({ code: z.string().trim().min(1, 'Verificatie code is verplicht') });
export const ZRegisterForm = z
  .object({ username, email: emailField, password, confirm })
  .refine((v) => v.confirm === '' || v.confirm === v.password, { path: ['confirm'], message: 'The password confirmation does not match' });
export const ZResetForm = z.object({ email: emailField });
export const ZNewPasswordForm = z
  .object({ password, confirm })
  .refine((v) => v.confirm === '' || v.confirm === v.password, { path: ['confirm'], message: 'The password confirmation does not match' });

/** The first message per field of a failed parse, for the form's error lines. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    out[key] ??= issue.message;
  }
  return out;
}
