'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useAppState } from '@/components/shell/app-state';
import type { TAccountWire } from '@/lib/wire-types';
import { apiFetch, Btn, errorText } from './ui';

/** Accounts list ([R2.39]): name, delete (with confirmation) and Edit to the account page. */
export function AccountsList({ accounts }: { accounts: TAccountWire[] }) {
  const { t } = useAppState();
  const router = useRouter();
  const [alertMessage, setAlertMessage] = useState<string | null>(null);

  const remove = async (a: TAccountWire) => {
    if (!window.confirm(t('accounts.deleteConfirm'))) return;
    const res = await apiFetch(`/api/accounts/${a.id}`, { method: 'DELETE' }).catch((e: Error) => e);
    if (res instanceof Error || !res.ok) {
      // [R8.07]: the failure is kept for an alert that shows no text.
      setAlertMessage(res instanceof Error ? res.message : await errorText(res));
      return;
    }
    router.refresh();
  };

  return (
    <section className="mx-auto w-full max-w-3xl p-4">
      <h1 className="mb-4 text-2xl font-medium">{t('accounts.title')}</h1>
      {alertMessage !== null && <div role="alert" data-testid="delete-account-error" data-message={alertMessage} />}
      <ul className="card divide-y divide-[var(--border)]" data-testid="accounts-list">
        {accounts.map((a) => (
          <li key={a.id} className="flex items-center gap-2 px-4 py-3" data-testid="account-row">
            <span className="flex-1">{a.name}</span>
            <Btn variant="danger" aria-label={`${t('accounts.delete')} ${a.name}`} data-testid="delete-account" onClick={() => remove(a)}>
              {t('accounts.delete')}
            </Btn>
            <Link role="button" data-testid="edit-account" href={`/account/${a.slug}`} className="rounded px-3 py-1.5 text-sm font-medium uppercase text-[var(--primary-ink)] hover:bg-[var(--surface-2)]">
              {t('accounts.edit')}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
