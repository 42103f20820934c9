'use client';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useAppState } from '@/components/shell/app-state';
import { apiCall, errorText } from './api';
import { AuthCard } from './form-field';

/** Activation ([R2.35], [R4.09]): calls the activation link's API; "Activated" leads to login. */
export function ActivationView({ uid, token }: { uid: string; token: string }) {
  const { t, showSnackbar } = useAppState();
  const router = useRouter();
  const [status, setStatus] = useState(t('activation.wait'));
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        const res = await apiCall(`/api/activate/${encodeURIComponent(uid)}/${encodeURIComponent(token)}/`);
        if (res.ok && res.data === 'Activated') {
          setStatus(t('activation.done'));
          showSnackbar(t('activation.done'), 'success');
          router.push('/login');
          return;
        }
        const text = errorText(res.data);
        setStatus(text);
        showSnackbar(text, 'error');
      } catch (err) {
        setStatus((err as Error).message);
        showSnackbar((err as Error).message, 'error');
      }
    })();
  }, [uid, token, router, showSnackbar, t]);

  return (
    <AuthCard title={t('activation.title')}>
      <p data-testid="activation-status">{status}</p>
    </AuthCard>
  );
}
