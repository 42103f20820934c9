import 'server-only';
import { redirect } from 'next/navigation';
import { getViewer } from '../shell/load-shell-state';
import { listAccounts } from './list-accounts';

/**
 * The route guards of SPEC §2 again inside the page (proxy.ts is never the
 * only check): anonymous → / ([R2.29]); with `account`, no account → /account/create ([R2.30]).
 */
export async function requirePageUser(opts: { account: boolean }) {
  const auth = await getViewer();
  if (!auth) redirect('/');
  const accounts = await listAccounts(auth.user.id);
  if (opts.account && accounts.length === 0) redirect('/account/create');
  return { userId: auth.user.id, accounts };
}
