/** The cookie that remembers the active account across reloads (read by the shell and proxy.ts). */
export const ACTIVE_ACCOUNT_COOKIE = 'activeAccount';

export function setActiveAccountCookie(id: number) {
  document.cookie = `${ACTIVE_ACCOUNT_COOKIE}=${id}; path=/; max-age=31536000; samesite=lax`;
}
