'use client';
import Link from 'next/link';
import { useAppState } from '@/components/shell/app-state';
import type { TInviteWire } from '@/lib/wire-types';

/** Workspaces shared with the user ([R2.43]): name and View to the workspace view. */
export function SharedList({ invites }: { invites: TInviteWire[] }) {
  const { t } = useAppState();
  return (
    <section className="mx-auto w-full max-w-3xl p-4">
      <h1 className="mb-4 text-2xl font-medium">{t('shared.title')}</h1>
      {invites.length === 0 ? (
        <p className="card px-4 py-6 text-muted" data-testid="shared-empty">
          {t('shared.empty')}
        </p>
      ) : (
        <ul className="card divide-y divide-[var(--border)]" data-testid="shared-list">
          {invites.map((inv) => (
            <li key={inv.id} className="flex items-center gap-2 px-4 py-3" data-testid="shared-row">
              <span className="flex-1">{inv.workspace.name}</span>
              <Link role="button" data-testid="view-workspace" href={`/workspace/view/${inv.workspace.id}`} className="rounded px-3 py-1.5 text-sm font-medium uppercase text-[var(--primary-ink)] hover:bg-[var(--surface-2)]">
                {t('shared.view')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
