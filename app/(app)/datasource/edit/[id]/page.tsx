import { notFound } from 'next/navigation';
import { DataSourceForm } from '@/components/data/datasource-form';
import { translate } from '@/lib/i18n/messages';
import { getDataSource, listDataSourceTypes } from '@/lib/server/datasources';
import { isApiError } from '@/lib/server/http/errors';
import { requireActiveAccount } from '@/lib/server/shell/active-account';
import { loadShellState } from '@/lib/server/shell/load-shell-state';

export const dynamic = 'force-dynamic';

/** Edit a data source of the caller's accounts ([R2.16]); a foreign or missing id is a 404 page. */
export default async function EditDataSourcePage({ params }: { params: Promise<{ id: string }> }) {
  const { userId, account } = await requireActiveAccount();
  const { locale } = await loadShellState();
  const { id } = await params;
  if (!/^\d{1,10}$/.test(id)) notFound();
  const [types, existing] = await Promise.all([
    listDataSourceTypes(),
    getDataSource(userId, Number(id)).catch((err) => {
      if (isApiError(err) && err.status === 404) return null;
      throw err;
    }),
  ]);
  if (!existing) notFound();
  return (
    <div className="mx-auto w-full max-w-3xl p-4 md:p-8">
      <h1 className="mb-6 text-2xl font-medium">{translate(locale, 'datasourceForm.editTitle')}</h1>
      <DataSourceForm types={types} accountId={existing.account ?? account.id} existing={existing} />
    </div>
  );
}
