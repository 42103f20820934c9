import { DataSourceForm } from '@/components/data/datasource-form';
import { translate } from '@/lib/i18n/messages';
import { listDataSourceTypes } from '@/lib/server/datasources';
import { requireActiveAccount } from '@/lib/server/shell/active-account';
import { loadShellState } from '@/lib/server/shell/load-shell-state';

export const dynamic = 'force-dynamic';

/** Create a data source in the active account ([R2.15]). */
export default async function CreateDataSourcePage() {
  const { account } = await requireActiveAccount();
  const { locale } = await loadShellState();
  const types = await listDataSourceTypes();
  return (
    <div className="mx-auto w-full max-w-3xl p-4 md:p-8">
      <h1 className="mb-6 text-2xl font-medium">{translate(locale, 'datasourceForm.createTitle')}</h1>
      <DataSourceForm types={types} accountId={account.id} />
    </div>
  );
}
