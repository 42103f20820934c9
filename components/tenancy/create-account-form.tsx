'use client';
import { useRouter } from 'next/navigation';
import { useAppState } from '@/components/shell/app-state';
import { Alert, Btn, TextField } from './ui';
import { useNameDescriptionForm } from './use-name-description-form';

/** Create account ([R2.40], [R5.02]): the warning when the user has none, the server's answer in a dismissible danger alert. */
export function CreateAccountForm({ hasAccounts }: { hasAccounts: boolean }) {
  const { t } = useAppState();
  const router = useRouter();
  const { name, setName, description, setDescription, required, serverError, setServerError, busy, submit } = useNameDescriptionForm({
    url: '/api/accounts',
    onCreated: () => {
      router.push('/accounts');
      router.refresh();
    },
  });

  return (
    <section className="mx-auto w-full max-w-xl p-4">
      <form className="card p-6" onSubmit={submit} noValidate>
        <h1 className="mb-4 text-2xl font-medium">{t('createAccount.title')}</h1>
        {!hasAccounts && (
          <Alert kind="warning" testId="no-account-warning">
            {t('createAccount.warning')}
          </Alert>
        )}
        {serverError && (
          <Alert kind="danger" testId="create-account-error" onDismiss={() => setServerError(null)}>
            {serverError}
          </Alert>
        )}
        <TextField id="account-name" label={t('createAccount.name')} value={name} onChange={setName} error={required(name)} autoFocus />
        <TextField id="account-description" label={t('createAccount.description')} value={description} onChange={setDescription} error={required(description)} multiline />
        <Btn type="submit" disabled={busy} data-testid="create-account-submit">
          {t('createAccount.submit')}
        </Btn>
      </form>
    </section>
  );
}
