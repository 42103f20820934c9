'use client';
import { useState, type FormEvent } from 'react';
import { useAppState } from '@/components/shell/app-state';
import { apiFetch, errorText } from './ui';

/**
 * State and submit of the name + description forms (create account, create
 * workspace; [R5.01], [R5.02]): both fields required with "Name is required",
 * one POST, the server's answer kept for the danger alert.
 */
export function useNameDescriptionForm(opts: { url: string; extra?: Record<string, unknown>; onCreated: (res: Response) => void | Promise<void> }) {
  const { t, authUser } = useAppState();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const required = (v: string) => (touched && !v.trim() ? t('validation.nameRequired') : null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!name.trim() || !description.trim()) return;
    setBusy(true);
    setServerError(null);
    const res = await apiFetch(opts.url, { method: 'POST', body: { admin: authUser?.id, name, description, ...opts.extra } }).catch((err: Error) => err);
    setBusy(false);
    if (res instanceof Error) return setServerError(res.message);
    if (!res.ok) return setServerError(await errorText(res));
    await opts.onCreated(res);
  };

  return { name, setName, description, setDescription, required, serverError, setServerError, busy, submit };
}
