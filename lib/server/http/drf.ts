// universal: pure zod builders, safe for forms in the browser too.
import { z } from 'zod';

/**
 * zod builders that fail with Django REST framework's exact messages
 * (API.md §2.4), so a validation error reads like the original's.
 */
type TIssueInput = { input?: unknown; code?: string };

const required = (iss: TIssueInput, typeMsg: string) => {
  if (iss.input === undefined) return 'This field is required.';
  if (iss.input === null) return 'This field may not be null.';
  return typeMsg;
};

// NUL and lone surrogates cannot be stored faithfully by PostgreSQL: refuse them.
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export type TStrOpts = { max?: number; min?: number; blank?: boolean; trim?: boolean };

/** DRF CharField: trims by default, refuses blank unless `blank`, max_length in characters. */
export function str(opts: TStrOpts = {}) {
  const { max, min, blank = false, trim = true } = opts;
  let s = z
    .union([z.string(), z.number().transform((n) => String(n))], {
      error: (iss) => required(iss as TIssueInput, 'Not a valid string.'),
    })
    .transform((v) => (trim ? v.trim() : v))
    .refine((v) => !UNSTORABLE.test(v), 'Null characters are not allowed.');
  if (!blank) s = s.refine((v) => v.length > 0, 'This field may not be blank.');
  if (max !== undefined) s = s.refine((v) => [...v].length <= max, `Ensure this field has no more than ${max} characters.`);
  if (min !== undefined) s = s.refine((v) => v.length === 0 || [...v].length >= min, `Ensure this field has at least ${min} characters.`);
  return s;
}

/** DRF IntegerField (accepts numeric strings, like DRF). */
export function int(opts: { min?: number; max?: number } = {}) {
  let n = z
    .union([z.number(), z.string().regex(/^\s*-?\d+\s*$/).transform((v) => Number(v.trim()))], {
      error: (iss) => required(iss as TIssueInput, 'A valid integer is required.'),
    })
    .refine((v) => Number.isSafeInteger(v), 'A valid integer is required.');
  if (opts.min !== undefined) n = n.refine((v) => v >= opts.min!, `Ensure this value is greater than or equal to ${opts.min}.`);
  if (opts.max !== undefined) n = n.refine((v) => v <= opts.max!, `Ensure this value is less than or equal to ${opts.max}.`);
  return n;
}

/** A primary key reference: an integer id (DRF PrimaryKeyRelatedField's type message). */
export function pk() {
  return z
    .union([z.number(), z.string().regex(/^\d+$/).transform(Number)], {
      error: (iss) => {
        const i = iss as TIssueInput;
        if (i.input === undefined) return 'This field is required.';
        if (i.input === null) return 'This field may not be null.';
        return `Incorrect type. Expected pk value, received ${typeof i.input === 'string' ? 'str' : typeof i.input}.`;
      },
    })
    .refine((v) => Number.isSafeInteger(v) && v > 0 && v <= 2147483647, 'Invalid pk - object does not exist.');
}

const TRUE = new Set(['true', 'True', '1', 'yes', 'on', 1, true]);
const FALSE = new Set(['false', 'False', '0', 'no', 'off', 0, false]);

/** DRF BooleanField. */
export function bool() {
  return z
    .unknown()
    .superRefine((v, ctx) => {
      if (v === undefined) ctx.addIssue({ code: 'custom', message: 'This field is required.' });
      else if (v === null) ctx.addIssue({ code: 'custom', message: 'This field may not be null.' });
      else if (!TRUE.has(v as never) && !FALSE.has(v as never)) ctx.addIssue({ code: 'custom', message: 'Must be a valid boolean.' });
    })
    .transform((v) => TRUE.has(v as never));
}

/** DRF EmailField. */
export function email() {
  return str({ max: 254 }).refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'Enter a valid email address.');
}

/** A text field holding JSON (camera, workspacePlugins, template): must parse to an object. */
export function jsonText(max = 200_000) {
  return str({ max, blank: true, trim: false }).refine((v) => {
    if (v === '') return true;
    try {
      const parsed = JSON.parse(v);
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
    } catch {
      return false;
    }
  }, 'Value must be valid JSON.');
}

/** An id in a path segment: anything but a positive 32-bit integer is "Not found." (DRF). */
export const ZIdParam = z.string().regex(/^\d{1,10}$/).transform(Number).refine((v) => v > 0 && v <= 2147483647);
