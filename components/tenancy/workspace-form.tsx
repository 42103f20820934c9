'use client';
import { useState, type FormEvent } from 'react';
import { useAppState } from '@/components/shell/app-state';
import type { TWorkspaceWire } from '@/lib/wire-types';
import { Alert, apiFetch, Btn, errorText, TextField } from './ui';

/** The create-workspace form of the dialog and of /workspace/create ([R2.42], [R5.01]). */
export function WorkspaceForm({ accountId, onCreated }: { accountId: number; onCreated: (ws: TWorkspaceWire) => void }) {
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
    const res = await apiFetch('/api/workspaces', { method: 'POST', body: { admin: authUser?.id, name, description, account: accountId } }).catch((err: Error) => err);
    setBusy(false);
    if (res instanceof Error) return setServerError(res.message);
    if (!res.ok) return setServerError(await errorText(res));
    onCreated((await res.json()) as TWorkspaceWire);
  };

  return (
    <form onSubmit={submit} noValidate data-testid="workspace-form">
      {serverError && (
        <Alert kind="danger" onDismiss={() => setServerError(null)}>
          {serverError}
        </Alert>
      )}
      <TextField id="workspace-name" label={t('workspace.name')} value={name} onChange={setName} error={required(name)} autoFocus />
      <TextField id="workspace-description" label={t('workspace.description')} value={description} onChange={setDescription} error={required(description)} multiline />
      <Btn type="submit" disabled={busy} data-testid="create-workspace-submit">
        {t('workspace.create')}
      </Btn>
    </form>
  );
}
