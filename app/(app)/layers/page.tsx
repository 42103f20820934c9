import { LayersOverview } from '@/components/data/layers-overview';
import { translate } from '@/lib/i18n/messages';
import { listAccountLayers } from '@/lib/server/layers';
import { requireActiveAccount } from '@/lib/server/shell/active-account';
import { loadShellState } from '@/lib/server/shell/load-shell-state';
import { listUserGroups } from '@/lib/server/usergroups';

export const dynamic = 'force-dynamic';

/** The layers of the active account's workspaces, with data source, visibility and groups ([R2.20]). */
export default async function LayersPage() {
  const { userId, account } = await requireActiveAccount();
  const { locale } = await loadShellState();
  const [workspaces, groups] = await Promise.all([listAccountLayers(userId, account.id), listUserGroups(userId, account.id)]);
  return (
    <div className="mx-auto w-full max-w-6xl p-4 md:p-8">
      <h1 className="mb-2 text-2xl font-medium">{translate(locale, 'layers.title')}</h1>
      <p className="mb-6 text-muted">{translate(locale, 'layers.intro')}</p>
      <LayersOverview initial={workspaces} groups={groups.map((g) => ({ id: g.id, name: g.name }))} />
    </div>
  );
}
