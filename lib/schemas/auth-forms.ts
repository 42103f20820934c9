/**
 * Client-side form rules of SPEC §5 with their exact messages ([R5.04]–[R5.08]).
 *
 * Plain functions with zod's `safeParse` result shape rather than zod itself:
 * they run only in the browser (the API validates with its own DRF schemas),
 * and zod added ~23 kB gzip to the login and register pages' first-load
 * JavaScript, which has a 120 kB budget (issue 8).
 */
export type TFormIssue = { path: string[]; message: string };
export type TFormResult<T> = { success: true; data: T; error?: undefined } | { success: false; data?: undefined; error: { issues: TFormIssue[] } };
type TRule = (value: string) => string | null;

const required = (message: string): TRule => (v) => (v.length === 0 ? message : null);
const minLength = (n: number, message: string): TRule => (v) => (v.length < n ? message : null);
const pattern = (re: RegExp, message: string): TRule => (v) => (re.test(v) ? null : message);

const username = [required('Username is required')];
const password = [required('Password is required'), minLength(4, 'Password must be more than 4 characters')];
const emailField = [required('Email is required'), pattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'E-mail must be valid')];
const confirm = [required('Confirm password is required')];

function form<K extends string>(fields: Record<K, TRule[]>, opts: { trim?: NoInfer<K>[]; refine?: (v: Record<NoInfer<K>, string>) => TFormIssue | null } = {}) {
  return {
    safeParse(input: { [key: string]: unknown }): TFormResult<Record<K, string>> {
      const data = {} as Record<K, string>;
      const issues: TFormIssue[] = [];
      for (const key of Object.keys(fields) as K[]) {
        const value = input[key];
        const raw = typeof value === 'string' ? value : '';
        data[key] = opts.trim?.includes(key) ? raw.trim() : raw;
        for (const rule of fields[key]) {
          const message = rule(data[key]);
          if (message) issues.push({ path: [key], message });
        }
      }
      const extra = opts.refine?.(data);
      if (extra) issues.push(extra);
      return issues.length ? { success: false, error: { issues } } : { success: true, data };
    },
  };
}

const confirmMatches = (v: { password: string; confirm: string }): TFormIssue | null =>
  v.confirm === '' || v.confirm === v.password ? null : { path: ['confirm'], message: 'The password confirmation does not match' };

export const ZLoginForm = form({ username, password });
export const ZVerificationForm = form({ code: [required('Verificatie code is verplicht')] }, { trim: ['code'] });
export const ZRegisterForm = form({ username, email: emailField, password, confirm }, { refine: confirmMatches });
export const ZResetForm = form({ email: emailField });
export const ZNewPasswordForm = form({ password, confirm }, { refine: confirmMatches });

/** The first message per field of a failed parse, for the form's error lines. */
export function fieldErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    out[key] ??= issue.message;
  }
  return out;
}
