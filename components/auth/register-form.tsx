'use client';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useAppState } from '@/components/shell/app-state';
import { fieldErrors, ZRegisterForm } from '@/lib/schemas/auth-forms';
import { apiCall, firstKeyValue } from './api';
import { AuthCard, FormField, PrimaryButton } from './form-field';
import { useAuthSubmit } from './use-auth-submit';

/** Register ([R2.33], [R1.02]): welcome text with the 30-day trial, four fields, button disabled while loading. */
export function RegisterForm() {
  const { t, showSnackbar } = useAppState();
  const router = useRouter();
  const [values, setValues] = useState({ username: '', email: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, run } = useAuthSubmit({ overlay: false });
  const set = (k: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [k]: e.target.value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZRegisterForm.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    await run(async () => {
      const res = await apiCall('/api/auth/register', { body: { username: values.username, email: values.email, password: values.password } });
      if (res.ok) {
        router.push('/activate');
        return;
      }
      showSnackbar(firstKeyValue(res.data), 'error');
    });
  };

  return (
    <AuthCard title={t('register.title')}>
      <p className="mb-4 text-sm" data-testid="register-welcome">
        {t('register.welcome')}
      </p>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="register-form">
        <FormField label={t('register.username')} name="username" autoComplete="username" value={values.username} error={errors.username} onChange={set('username')} />
        <FormField label={t('register.email')} name="email" type="email" autoComplete="email" value={values.email} error={errors.email} onChange={set('email')} />
        <FormField label={t('register.password')} name="password" type="password" autoComplete="new-password" value={values.password} error={errors.password} onChange={set('password')} />
        <FormField label={t('register.confirm')} name="confirm" type="password" autoComplete="new-password" value={values.confirm} error={errors.confirm} onChange={set('confirm')} />
        <PrimaryButton type="submit" disabled={busy}>
          {t('register.submit')}
        </PrimaryButton>
      </form>
    </AuthCard>
  );
}
