'use client';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useAppState } from '@/components/shell/app-state';
import { fieldErrors, ZResetForm } from '@/lib/schemas/auth-forms';
import { apiCall, errorText } from './api';
import { AuthCard, FormField, PrimaryButton } from './form-field';
import { useAuthSubmit } from './use-auth-submit';

/** Reset request ([R2.36], [R8.04]): e-mail and the site origin for the link. */
export function ResetForm() {
  const { t, showSnackbar } = useAppState();
  const { busy, run } = useAuthSubmit();
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZResetForm.safeParse({ email });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).email);
      return;
    }
    setError(undefined);
    await run(async () => {
      const res = await apiCall('/api/auth/reset', { body: { email, site: window.location.origin } });
      if (res.ok) {
        showSnackbar(t('reset.sent'), 'success');
        router.push('/');
        return;
      }
      showSnackbar(errorText(res.data), 'error');
    });
  };

  return (
    <AuthCard title={t('reset.title')}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="reset-form">
        <FormField label={t('reset.email')} name="email" type="email" autoComplete="email" value={email} error={error} onChange={(e) => setEmail(e.target.value)} />
        <PrimaryButton type="submit" disabled={busy}>
          {t('reset.submit')}
        </PrimaryButton>
      </form>
    </AuthCard>
  );
}
