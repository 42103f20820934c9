'use client';
import { format } from 'date-fns';
import { useSearchParams } from 'next/navigation';
import { Suspense, useEffect, useState, type FormEvent } from 'react';
import { useAppState } from '@/components/shell/app-state';
import { fieldErrors, ZNewPasswordForm } from '@/lib/schemas/auth-forms';
import { apiCall, errorText } from './api';
import { FormField, PrimaryButton } from './form-field';
import { MfaSection } from './mfa-section';

/** Profile ([R2.38]): user table, delete account, Beveiliging, profile details and change password. */
type TUser = { id: number; username: string; email: string; date_joined: string; last_login: string | null };
type TProfile = { id: number; company: string; street: string; number: string; city: string; country: string; mfa_required: boolean; mfa: string[] };

function MfaRequiredNotice() {
  const { t, showSnackbar } = useAppState();
  const params = useSearchParams();
  const required = params.get('mfa') === 'required';
  useEffect(() => {
    if (required) showSnackbar(t('profile.mfaRequired'), 'warning');
  }, [required, showSnackbar, t]);
  return null;
}

const card = 'rounded-lg bg-[var(--surface)] p-6 shadow';
const when = (iso: string | null, never: string) => (iso ? format(new Date(iso), 'yyyy-MM-dd HH:mm') : never);

export function ProfileView({ user, profile, methods }: { user: TUser; profile: TProfile; methods: { name: string; is_primary: boolean }[] }) {
  const { t, showSnackbar, setLoading } = useAppState();
  const [details, setDetails] = useState({ company: profile.company, street: profile.street, number: profile.number, city: profile.city, country: profile.country });
  const [pw, setPw] = useState({ password: '', confirm: '' });
  const [pwErrors, setPwErrors] = useState<Record<string, string>>({});

  const deleteAccount = async () => {
    if (!window.confirm(t('profile.deleteConfirm'))) return;
    setLoading(true);
    const res = await apiCall(`/api/users/${user.id}/`, { method: 'DELETE' }).catch(() => null);
    setLoading(false);
    if (!res?.ok) return;
    try {
      localStorage.removeItem('demo');
    } catch {
      /* storage unavailable */
    }
    document.cookie = 'demo=; path=/; max-age=0';
    document.cookie = 'activeAccount=; path=/; max-age=0';
    window.location.assign('/');
  };

  const saveDetails = async (e: FormEvent) => {
    e.preventDefault();
    setLoading(true);
    try {
      const res = await apiCall(`/api/extendUsers/${profile.id}`, { method: 'PATCH', body: details });
      if (res.ok) showSnackbar(t('profile.updated'), 'success');
      else showSnackbar(errorText(res.data), 'error');
    } catch (err) {
      showSnackbar((err as Error).message, 'error');
    } finally {
      setLoading(false);
    }
  };

  const changePassword = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZNewPasswordForm.safeParse(pw);
    if (!parsed.success) {
      setPwErrors(fieldErrors(parsed.error));
      return;
    }
    setPwErrors({});
    setLoading(true);
    try {
      const res = await apiCall('/api/auth/resetPassword', { body: { password: pw.password, uid: user.id, pw_token: false } });
      if (res.ok) {
        setPw({ password: '', confirm: '' });
        showSnackbar(t('profile.passwordChanged'), 'success');
      } else showSnackbar(t('profile.somethingWrong'), 'error');
    } catch {
      showSnackbar(t('profile.somethingWrong'), 'error');
    } finally {
      setLoading(false);
    }
  };

  const detail = (key: keyof typeof details, label: string) => (
    <FormField label={label} name={key} value={details[key]} onChange={(e) => setDetails({ ...details, [key]: e.target.value })} />
  );

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 p-4">
      <Suspense>
        <MfaRequiredNotice />
      </Suspense>
      <section className={card}>
        <h1 className="mb-4 text-2xl font-medium">{t('profile.title')}</h1>
        <table className="w-full text-left" data-testid="profile-table">
          <tbody>
            <tr>
              <th className="py-1 pr-4 font-medium">{t('profile.username')}</th>
              <td>{user.username}</td>
            </tr>
            <tr>
              <th className="py-1 pr-4 font-medium">{t('profile.email')}</th>
              <td>{user.email}</td>
            </tr>
            <tr>
              <th className="py-1 pr-4 font-medium">{t('profile.joined')}</th>
              <td>{when(user.date_joined, t('profile.never'))}</td>
            </tr>
            <tr>
              <th className="py-1 pr-4 font-medium">{t('profile.lastLogin')}</th>
              <td>{when(user.last_login, t('profile.never'))}</td>
            </tr>
          </tbody>
        </table>
        <button type="button" onClick={deleteAccount} className="mt-4 rounded bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-800" data-testid="delete-account">
          {t('profile.delete')}
        </button>
      </section>

      <MfaSection methods={methods} />

      <section className={card}>
        <h2 className="mb-4 text-xl font-medium">{t('profile.details')}</h2>
        <form noValidate onSubmit={saveDetails} className="grid gap-4 sm:grid-cols-2" data-testid="profile-details-form">
          {detail('company', t('profile.company'))}
          {detail('street', t('profile.street'))}
          {detail('number', t('profile.number'))}
          {detail('city', t('profile.city'))}
          {detail('country', t('profile.country'))}
          <div className="sm:col-span-2">
            <PrimaryButton type="submit">{t('profile.save')}</PrimaryButton>
          </div>
        </form>
      </section>

      <section className={card}>
        <h2 className="mb-4 text-xl font-medium">{t('profile.changePassword')}</h2>
        <form noValidate onSubmit={changePassword} className="flex flex-col gap-4" data-testid="change-password-form">
          <FormField label={t('auth.newPassword')} name="new-password" type="password" autoComplete="new-password" value={pw.password} error={pwErrors.password} onChange={(e) => setPw({ ...pw, password: e.target.value })} />
          <FormField label={t('passwordReset.confirm')} name="confirm-password" type="password" autoComplete="new-password" value={pw.confirm} error={pwErrors.confirm} onChange={(e) => setPw({ ...pw, confirm: e.target.value })} />
          <div>
            <PrimaryButton type="submit">{t('profile.changePassword')}</PrimaryButton>
          </div>
        </form>
      </section>
    </div>
  );
}
