import 'server-only';
import { redirect } from 'next/navigation';
import { loadShellState } from './load-shell-state';

/**
 * For signed-in pages that work on the active account (cookie
 * `activeAccount`, else the first): the user id and that account, or a
 * redirect (anonymous → /, no account → /account/create) like proxy.ts.
 */
export async function requireActiveAccount() {
  const shell = await loadShellState();
  if (!shell.isLoggedIn || !shell.authUser) redirect('/');
  if (!shell.activeAccount) redirect('/account/create');
  return { userId: shell.authUser.id, account: shell.activeAccount };
}
