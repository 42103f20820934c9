'use client';
import { useRouter } from 'next/navigation';
import { useAppState } from '@/components/shell/app-state';
import { WorkspaceForm } from './workspace-form';

/** /workspace/create ([R2.11]): the dialog's form for the active account, then back to its page. */
export function CreateWorkspacePage({ account }: { account: { id: number; slug: string; name: string } }) {
  const { t } = useAppState();
  const router = useRouter();
  return (
    <section className="mx-auto w-full max-w-[500px] p-4">
      <div className="card p-6">
        <h1 className="mb-1 text-2xl font-medium">{t('account.createWorkspace')}</h1>
        <p className="mb-4 text-sm text-muted">{account.name}</p>
        <WorkspaceForm
          accountId={account.id}
          onCreated={() => {
            router.push(`/account/${account.slug}`);
            router.refresh();
          }}
        />
      </div>
    </section>
  );
}
