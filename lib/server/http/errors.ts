import 'server-only';

/**
 * The one error class services throw. Its body is already in the wire shape
 * of the original Django back end (API.md): `{"detail": …}` for
 * 401/403/404/405/409/429, `{"field": ["msg"]}` for validation, trench's
 * `{"error": …}` / `{"details": …}` where trench used them.
 */
export interface TFieldErrors {
  [field: string]: string[] | TFieldErrors;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === 'object' && body && 'detail' in body ? String((body as { detail: unknown }).detail) : `HTTP ${status}`);
  }

  static detail(status: number, detail: string, headers?: Record<string, string>) {
    return new ApiError(status, { detail }, headers);
  }
  /** 400 with DRF field errors, e.g. `{"username": ["This field is required."]}`. */
  static fields(errors: TFieldErrors) {
    return new ApiError(400, errors);
  }
  static field(field: string, message: string) {
    return new ApiError(400, { [field]: [message] });
  }
  static nonField(message: string) {
    return new ApiError(400, { non_field_errors: [message] });
  }
  /** django-trench's `{"error": "…"}` (400, or 401 in login step 2). */
  static trench(message: string, status = 400) {
    return new ApiError(status, { error: message });
  }
  static notFound() {
    return ApiError.detail(404, 'Not found.');
  }
  static forbidden() {
    return ApiError.detail(403, 'You do not have permission to perform this action.');
  }
  static unauthenticated(detail = 'Authentication credentials were not provided.') {
    return ApiError.detail(401, detail, { 'WWW-Authenticate': 'Token' });
  }
  static throttled(seconds: number) {
    const s = Math.max(1, Math.ceil(seconds));
    return ApiError.detail(429, `Request was throttled. Expected available in ${s} second${s === 1 ? '' : 's'}.`, { 'Retry-After': String(s) });
  }
  static conflict(detail = 'This object was changed by someone else. Reload it and try again.') {
    return ApiError.detail(409, detail);
  }
  static methodNotAllowed(method: string, allow: string[]) {
    return ApiError.detail(405, `Method "${method}" not allowed.`, { Allow: allow.join(', ') });
  }
  static unavailable() {
    return ApiError.detail(503, 'Service temporarily unavailable, try again shortly.', { 'Retry-After': '2' });
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}
