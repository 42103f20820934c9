'use client';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useAppState } from '@/components/shell/app-state';
import { apiCall, errorText } from './api';
import { FormField, PrimaryButton } from './form-field';

/**
 * Beveiliging ([R2.38], [R4.08], [R9.03]): authenticator app (QR code 200 px,
 * error level H) and e-mail verification; confirming shows the backup codes
 * once; deactivate per method.
 */
type TMethod = { name: string; is_primary: boolean };
type TPending = { method: 'app' | 'email'; uri?: string };

function QrCanvas({ uri }: { uri: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    // The QR encoder loads only when a code is shown, not with the profile page (issue 8 budgets).
    const canvas = ref.current;
    if (canvas) void import('qrcode').then(({ default: QRCode }) => QRCode.toCanvas(canvas, uri, { width: 200, errorCorrectionLevel: 'H' }));
  }, [uri]);
  return <canvas ref={ref} width={200} height={200} data-testid="mfa-qr" data-error-level="H" role="img" aria-label="QR code" />;
}

export function MfaSection({ methods }: { methods: TMethod[] }) {
  const { t, showSnackbar, setLoading } = useAppState();
  const router = useRouter();
  const [pending, setPending] = useState<TPending | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);
  const active = new Map(methods.map((m) => [m.name, m]));

  const run = async (fn: () => Promise<void>) => {
    setLoading(true);
    try {
      await fn();
    } catch (err) {
      showSnackbar((err as Error).message, 'error');
    } finally {
      setLoading(false);
    }
  };

  const start = (method: 'app' | 'email') =>
    run(async () => {
      const res = await apiCall(`/auth/${method}/activate/`, { method: 'POST' });
      if (!res.ok) return showSnackbar(errorText(res.data), 'error');
      setBackupCodes(null);
      setCode('');
      setPending({ method, uri: method === 'app' ? (res.data as { details: string }).details : undefined });
      if (method === 'email') showSnackbar(t('mfa.activated'), 'success');
    });

  const confirm = () =>
    run(async () => {
      if (!pending) return;
      if (!code.trim()) {
        setCodeError(t('verification.required'));
        return;
      }
      setCodeError(undefined);
      const res = await apiCall(`/auth/${pending.method}/activate/confirm/`, { body: { code: code.trim() } });
      if (!res.ok) return showSnackbar(errorText(res.data), 'error');
      setBackupCodes((res.data as { backup_codes?: string[] }).backup_codes ?? []);
      setPending(null);
      showSnackbar(t('mfa.added'), 'success');
      router.refresh();
    });

  const deactivate = (method: string) =>
    run(async () => {
      const res = await apiCall(`/auth/${method}/deactivate/`, { method: 'POST' });
      if (!res.ok) return showSnackbar(errorText(res.data), 'error');
      showSnackbar(t('mfa.deactivated'), 'success');
      router.refresh();
    });

  const row = (name: 'app' | 'email', label: string, activateLabel: string) => {
    const m = active.get(name);
    return (
      <li className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid={`mfa-${name}`}>
        <span>
          {label} — <span data-testid={`mfa-${name}-state`}>{m ? t('mfa.active') : t('mfa.inactive')}</span>
          {m?.is_primary && <span className="ml-2 rounded bg-[var(--color-secondary)] px-2 text-xs text-black">{t('mfa.primary')}</span>}
        </span>
        {m ? (
          <button type="button" className="rounded border border-[var(--border)] px-3 py-1" onClick={() => deactivate(name)} data-testid={`mfa-${name}-deactivate`}>
            {t('mfa.deactivate')}
          </button>
        ) : (
          <PrimaryButton type="button" onClick={() => start(name)} data-testid={`mfa-${name}-activate`}>
            {activateLabel}
          </PrimaryButton>
        )}
      </li>
    );
  };

  return (
    <section className="rounded-lg bg-[var(--surface)] p-6 shadow" aria-labelledby="security-heading">
      <h2 id="security-heading" className="mb-2 text-xl font-medium">
        {t('profile.security')}
      </h2>
      <ul className="divide-y divide-[var(--border)]">
        {row('app', t('profile.app'), t('mfa.activateApp'))}
        {row('email', t('profile.emailMfa'), t('mfa.activateEmail'))}
      </ul>
      {pending && (
        <form
          noValidate
          className="mt-4 flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
          data-testid="mfa-confirm-form"
        >
          {pending.uri ? (
            <>
              <p className="text-sm">{t('mfa.scan')}</p>
              <QrCanvas uri={pending.uri} />
              <p className="text-sm">
                {t('mfa.secret')} <code data-testid="mfa-secret">{/secret=([A-Z2-7]+)/.exec(pending.uri)?.[1]}</code>
              </p>
            </>
          ) : (
            <p className="text-sm">{t('mfa.emailSent')}</p>
          )}
          <FormField label={t('mfa.code')} name="mfa-code" autoComplete="one-time-code" value={code} error={codeError} onChange={(e) => setCode(e.target.value)} />
          <PrimaryButton type="submit">{t('mfa.confirm')}</PrimaryButton>
        </form>
      )}
      {backupCodes && backupCodes.length > 0 && (
        <div className="mt-4" data-testid="backup-codes">
          <h3 className="font-medium">{t('profile.backupCodes')}</h3>
          <p className="text-sm text-[var(--muted)]">{t('mfa.backupIntro')}</p>
          <ul className="mt-2 grid grid-cols-2 gap-1 font-mono">
            {backupCodes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
