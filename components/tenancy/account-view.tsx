'use client';
import { format } from 'date-fns';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useAppState } from '@/components/shell/app-state';
import { SharingPanel } from '@/components/workspace/sharing-panel';
import type { TAccountWire, TWorkspaceWire } from '@/lib/wire-types';
import { ACTIVE_ACCOUNT_COOKIE, setActiveAccountCookie } from './active-account';
import { apiFetch, Btn, errorText, Modal } from './ui';
import { WorkspaceForm } from './workspace-form';

/**
 * Account page ([R2.41]): the account's workspaces with plan badge, delete
 * (confirmation), a hidden clone button, Edit, a Share dialog for admins,
 * the Create Workspace dialog and the trial end date. Opening it makes the
 * account the active one (cookie), so the server and the proxy know it.
 */
export function AccountView({ account, workspaces, canManage }: { account: TAccountWire; workspaces: TWorkspaceWire[]; canManage: boolean }) {
  const { t } = useAppState();
  const router = useRouter();
  const [creating, setCreating] = useState(false);
  const [sharing, setSharing] = useState<TWorkspaceWire | null>(null);
  const [alertMessage, setAlertMessage] = useState<string | null>(null);

  useEffect(() => {
    const current = document.cookie.split('; ').find((c) => c.startsWith(`${ACTIVE_ACCOUNT_COOKIE}=`));
    if (current !== `${ACTIVE_ACCOUNT_COOKIE}=${account.id}`) {
      setActiveAccountCookie(account.id);
      router.refresh();
    }
  }, [account.id, router]);

  const fail = async (res: Response | Error) => setAlertMessage(res instanceof Error ? res.message : await errorText(res));

  const remove = async (ws: TWorkspaceWire) => {
    if (!window.confirm(t('account.deleteWorkspaceConfirm'))) return;
    const res = await apiFetch(`/api/workspaces/${ws.id}`, { method: 'DELETE' }).catch((e: Error) => e);
    if (res instanceof Error || !res.ok) return fail(res);
    router.refresh();
  };

  const clone = async (ws: TWorkspaceWire) => {
    const res = await apiFetch('/api/cloneWorkspace', { method: 'PUT', body: { workspace: ws.id } }).catch((e: Error) => e);
    if (res instanceof Error || !res.ok) return fail(res);
    router.refresh();
  };

  const trial = account.trial_ends_at ? new Date(account.trial_ends_at) : null;

  return (
    <section className="mx-auto w-full max-w-3xl p-4">
      <h1 className="mb-1 text-2xl font-medium" data-testid="account-title">
        {account.name}
      </h1>
      {trial && (
        <p className="mb-4 text-sm text-muted" data-testid="trial-ends">
          {t(trial.getTime() > Date.now() ? 'account.trialEnds' : 'tenancy.trialEnded', { date: format(trial, 'yyyy-MM-dd') })}
        </p>
      )}
      {/* [R8.07]: delete and clone failures are stored for an alert that shows no text. */}
      {alertMessage !== null && <div role="alert" data-testid="workspace-action-error" data-message={alertMessage} />}
      <div className="card">
        <div className="flex items-center gap-2 border-b border-[var(--border)] px-4 py-3">
          <h2 className="flex-1 text-lg font-medium">{t('account.workspaces')}</h2>
          {canManage && (
            <Btn onClick={() => setCreating(true)} data-testid="open-create-workspace">
              {t('account.createWorkspace')}
            </Btn>
          )}
        </div>
        {workspaces.length === 0 ? (
          <p className="px-4 py-6 text-muted" data-testid="workspaces-empty">
            {t('account.empty')}
          </p>
        ) : (
          <ul className="divide-y divide-[var(--border)]" data-testid="workspaces-list">
            {workspaces.map((ws) => (
              <li key={ws.id} className="flex flex-wrap items-center gap-2 px-4 py-3" data-testid="workspace-row">
                <span className="flex-1 font-medium">{ws.name}</span>
                <span className="inline-flex items-center gap-1 text-sm" data-testid="plan-badge">
                  {t('account.plan')}
                  <span className="rounded-full bg-[var(--color-secondary)] px-2 py-0.5 text-xs font-medium text-black">{ws.plan?.name ?? t('tenancy.noPlan')}</span>
                </span>
                {ws.role === 'admin' && (
                  <>
                    <Btn variant="outline" onClick={() => setSharing(ws)} data-testid="share-workspace">
                      {t('tenancy.share')}
                    </Btn>
                    <Btn variant="danger" onClick={() => remove(ws)} data-testid="delete-workspace" aria-label={`${t('accounts.delete')} ${ws.name}`}>
                      {t('accounts.delete')}
                    </Btn>
                    <Btn variant="text" hidden className="hidden" onClick={() => clone(ws)} data-testid="clone-workspace">
                      {t('account.clone')}
                    </Btn>
                  </>
                )}
                <Link role="button" data-testid="edit-workspace" href={`/workspace/${ws.id}`} className="rounded px-3 py-1.5 text-sm font-medium uppercase text-[var(--primary-ink)] hover:bg-[var(--surface-2)]">
                  {t('account.edit')}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Modal open={creating} onClose={() => setCreating(false)} title={t('account.createWorkspace')} testId="create-workspace-dialog">
        <WorkspaceForm
          accountId={account.id}
          onCreated={() => {
            router.push(`/account/${account.slug}`);
            router.refresh();
            setCreating(false);
          }}
        />
      </Modal>
      <Modal open={sharing !== null} onClose={() => setSharing(null)} title={`${t('sharing.title')}: ${sharing?.name ?? ''}`} testId="share-dialog">
        {sharing && <SharingPanel workspaceId={sharing.id} />}
        <div className="mt-4 text-right">
          <Btn variant="text" onClick={() => setSharing(null)}>
            {t('tenancy.close')}
          </Btn>
        </div>
      </Modal>
    </section>
  );
}
