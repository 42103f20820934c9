'use client';
import { useAppState } from '@/components/shell/app-state';
import type { TWorkspaceWire } from '@/lib/wire-types';
import { Alert, Btn, TextField } from './ui';
import { useNameDescriptionForm } from './use-name-description-form';

/** The create-workspace form of the dialog and of /workspace/create ([R2.42], [R5.01]). */
export function WorkspaceForm({ accountId, onCreated }: { accountId: number; onCreated: (ws: TWorkspaceWire) => void }) {
  const { t } = useAppState();
  const { name, setName, description, setDescription, required, serverError, setServerError, busy, submit } = useNameDescriptionForm({
    url: '/api/workspaces',
    extra: { account: accountId },
    onCreated: async (res) => onCreated((await res.json()) as TWorkspaceWire),
  });

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
