import Link from 'next/link';
import { DataSourcesTable } from '@/components/data/datasources-table';
import { translate } from '@/lib/i18n/messages';
import { listDataSources, listDataSourceTypes } from '@/lib/server/datasources';
import { loadShellState } from '@/lib/server/shell/load-shell-state';
import { requireActiveAccount } from '@/lib/server/shell/active-account';

export const dynamic = 'force-dynamic';

/** Data sources of the active account ([R2.14], [R2.44]). */
export default async function DataSourcesPage() {
  const { userId, account } = await requireActiveAccount();
  const { locale } = await loadShellState();
  const t = (k: Parameters<typeof translate>[1]) => translate(locale, k);
  const [rows, types] = await Promise.all([listDataSources(userId, account.id), listDataSourceTypes()]);
  return (
    <div className="mx-auto w-full max-w-6xl p-4 md:p-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-medium">{t('datasources.title')}</h1>
        <Link role="button" href="/datasource/create" className="rounded bg-[var(--primary-fill)] px-4 py-2 font-medium text-white">
          {t('datasources.create')}
        </Link>
      </div>
      <DataSourcesTable initialRows={rows} types={types.map((x) => ({ id: x.id, name: x.name }))} accountId={account.id} />
    </div>
  );
}
