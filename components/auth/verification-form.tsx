'use client';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { useAppState } from '@/components/shell/app-state';
import { fieldErrors, ZVerificationForm } from '@/lib/schemas/auth-forms';
import { credentialsSignIn, EPHEMERAL_KEY, landAfterLogin, signInError } from './api';
import { AuthCard, FormField, PrimaryButton } from './form-field';
import { useAuthSubmit } from './use-auth-submit';

/** Verification ([R2.32]): the second-factor code with the ephemeral token from step 1. */
export function VerificationForm() {
  const { t, showSnackbar, setDemo } = useAppState();
  const { busy, run } = useAuthSubmit();
  const router = useRouter();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZVerificationForm.safeParse({ code });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).code);
      return;
    }
    setError(undefined);
    // The route has no guard ([R2.02]): without a token from step 1 (a bookmark, another tab) the
    // server's answer — "Invalid or expired token." — is shown and the user goes back to the login.
    const token = sessionStorage.getItem(EPHEMERAL_KEY) ?? '';
    await run(async () => {
      const res = await credentialsSignIn({ ephemeral_token: token, code: parsed.data.code });
      if (res?.ok && !res.error) {
        sessionStorage.removeItem(EPHEMERAL_KEY);
        await landAfterLogin(setDemo);
        return;
      }
      const info = signInError(res?.error ?? '');
      showSnackbar(info.error ?? '', 'error');
      if (info.error === 'Invalid or expired token.') {
        sessionStorage.removeItem(EPHEMERAL_KEY);
        router.push('/login');
      }
    });
  };

  return (
    <AuthCard title={t('verification.title')}>
      <p className="mb-4 text-sm text-[var(--muted)]">{t('auth.verifyIntro')}</p>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="verification-form">
        <FormField label={t('verification.code')} name="code" autoComplete="one-time-code" inputMode="text" value={code} error={error} onChange={(e) => setCode(e.target.value)} />
        <PrimaryButton type="submit" disabled={busy}>
          {t('verification.submit')}
        </PrimaryButton>
      </form>
    </AuthCard>
  );
}
