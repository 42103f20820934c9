import * as z from 'zod/mini';

/**
 * Client-side form rules of SPEC §5 with their exact messages ([R5.04]–[R5.08]).
 * Built on zod/mini (tree-shakable) because these run in the login and
 * register pages' first-load JavaScript, which has a 120 kB budget (issue 8).
 */
const username = z.string().check(z.minLength(1, 'Username is required'));
const password = z.string().check(z.minLength(1, 'Password is required'), z.minLength(4, 'Password must be more than 4 characters'));
const emailField = z.string().check(z.minLength(1, 'Email is required'), z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'E-mail must be valid'));
const confirm = z.string().check(z.minLength(1, 'Confirm password is required'));
const confirmMatches = z.refine<{ password: string; confirm: string }>((v) => v.confirm === '' || v.confirm === v.password, {
  path: ['confirm'],
  message: 'The password confirmation does not match',
});

export const ZLoginForm = z.object({ username, password });
export const ZVerificationForm = z.object({ code: z.string().check(z.trim(), z.minLength(1, 'Verificatie code is verplicht')) });
export const ZRegisterForm = z.object({ username, email: emailField, password, confirm }).check(confirmMatches);
export const ZResetForm = z.object({ email: emailField });
export const ZNewPasswordForm = z.object({ password, confirm }).check(confirmMatches);

/** The first message per field of a failed parse, for the form's error lines. */
export function fieldErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    out[key] ??= issue.message;
  }
  return out;
}
