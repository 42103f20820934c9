'use client';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useAppState } from '@/components/shell/app-state';
import { fieldErrors, ZNewPasswordForm } from '@/lib/schemas/auth-forms';
import { apiCall } from './api';
import { AuthCard, FormField, PrimaryButton } from './form-field';
import { useAuthSubmit } from './use-auth-submit';

/** Password reset from the mail link ([R2.37], [R8.05]): failure shows the response's detail, else the error. */
export function PasswordResetForm({ uid, token }: { uid: string; token: string }) {
  const { t, showSnackbar } = useAppState();
  const { busy, run } = useAuthSubmit();
  const router = useRouter();
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZNewPasswordForm.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    await run(async () => {
      const res = await apiCall('/api/auth/resetPassword', { body: { password: values.password, uid, pw_token: token } });
      if (res.ok) {
        showSnackbar(t('passwordReset.done'), 'success');
        router.push('/login');
        return;
      }
      const data = res.data as { detail?: string; password?: string[] } | null;
      showSnackbar(data?.detail ?? data?.password?.join(' ') ?? `Request failed with status code ${res.status}`, 'error');
    });
  };

  return (
    <AuthCard title={t('passwordReset.title')}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="password-reset-form">
        <FormField label={t('passwordReset.password')} name="password" type="password" autoComplete="new-password" value={values.password} error={errors.password} onChange={(e) => setValues({ ...values, password: e.target.value })} />
        <FormField label={t('passwordReset.confirm')} name="confirm" type="password" autoComplete="new-password" value={values.confirm} error={errors.confirm} onChange={(e) => setValues({ ...values, confirm: e.target.value })} />
        <PrimaryButton type="submit" disabled={busy}>
          {t('passwordReset.submit')}
        </PrimaryButton>
      </form>
    </AuthCard>
  );
}
