'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useAppState } from '@/components/shell/app-state';
import { fieldErrors, ZLoginForm } from '@/lib/schemas/auth-forms';
import { credentialsSignIn, EPHEMERAL_KEY, landAfterLogin, signInError } from './api';
import { AuthCard, FormField, PrimaryButton } from './form-field';
import { useAuthSubmit } from './use-auth-submit';

/** Login ([R2.31], [R4.01], [R4.02]): username + password through next-auth; a second factor leads to /verification. */
export function LoginForm() {
  const { t, showSnackbar, setDemo } = useAppState();
  const { busy, run } = useAuthSubmit();
  const router = useRouter();
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Auth status of SPEC §4 ([R4.01]): empty → loading → success | error.
  const [status, setStatus] = useState<'empty' | 'loading' | 'success' | 'error'>('empty');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZLoginForm.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setStatus('loading');
    await run(async () => {
      const res = await credentialsSignIn({ username: values.username, password: values.password });
      if (res?.ok && !res.error) {
        setStatus('success');
        await landAfterLogin(setDemo);
        return;
      }
      const info = signInError(res?.error ?? '');
      if (info.ephemeral_token) {
        setStatus('success');
        sessionStorage.setItem(EPHEMERAL_KEY, info.ephemeral_token);
        router.push('/verification');
        return;
      }
      setStatus('error');
      showSnackbar(info.error ?? '', 'error');
    }, () => setStatus('error'));
  };

  return (
    <AuthCard title={t('login.title')}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="login-form" data-auth-status={status}>
        <FormField label={t('login.username')} name="username" autoComplete="username" value={values.username} error={errors.username} onChange={(e) => setValues({ ...values, username: e.target.value })} />
        <FormField label={t('login.password')} name="password" type="password" autoComplete="current-password" value={values.password} error={errors.password} onChange={(e) => setValues({ ...values, password: e.target.value })} />
        <PrimaryButton type="submit" disabled={busy}>
          {t('login.submit')}
        </PrimaryButton>
        <div className="flex justify-between text-sm">
          <Link href="/reset" className="text-[var(--primary-ink)] underline">
            {t('login.forgotten')}
          </Link>
          <Link href="/register" className="text-[var(--primary-ink)] underline">
            {t('login.noAccount')}
          </Link>
        </div>
      </form>
    </AuthCard>
  );
}
