'use client';
import { format } from 'date-fns';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useAppState } from '@/components/shell/app-state';
import { Alert, apiFetch, Btn, errorText, TextField } from '@/components/tenancy/ui';

/**
 * The "Sharing" panel of a workspace (admins): invite a user by username or
 * e-mail, list and remove invites, create share links (label, optional
 * expiry) whose URL is shown once to copy, list and revoke them. Usable by
 * any page that knows the workspace id (account page dialog, map pages).
 */
type TInvite = { id: number; user: { id: number; username: string; email: string } };
type TLink = { id: number; label: string; expires_at: string | null; open_count: number; revoked_at: string | null; active: boolean };

export function SharingPanel({ workspaceId }: { workspaceId: number }) {
  const { t, showSnackbar } = useAppState();
  const [invites, setInvites] = useState<TInvite[]>([]);
  const [links, setLinks] = useState<TLink[]>([]);
  const [who, setWho] = useState('');
  const [label, setLabel] = useState('');
  const [expires, setExpires] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const [i, l] = await Promise.all([apiFetch(`/api/invite?workspace=${workspaceId}`), apiFetch(`/api/workspaces/${workspaceId}/shares`)]);
    if (i.ok) setInvites(((await i.json()) as { results: TInvite[] }).results);
    if (l.ok) setLinks(((await l.json()) as { results: TLink[] }).results);
    if (!i.ok || !l.ok) setError(await errorText(i.ok ? l : i));
  }, [workspaceId]);

  useEffect(() => {
    load().catch((e: Error) => setError(e.message));
  }, [load]);

  const run = async (p: Promise<Response>, after?: (res: Response) => Promise<void> | void) => {
    setError(null);
    const res = await p.catch((e: Error) => e);
    if (res instanceof Error) return setError(res.message);
    if (!res.ok) return setError(await errorText(res));
    await after?.(res);
    await load();
  };

  const invite = (e: FormEvent) => {
    e.preventDefault();
    if (!who.trim()) return;
    return run(apiFetch('/api/invite', { method: 'POST', body: { workspace: workspaceId, user: who.trim() } }), () => {
      setWho('');
      showSnackbar(t('sharing.invited'), 'success');
    });
  };

  const createLink = (e: FormEvent) => {
    e.preventDefault();
    const body: { label: string; expires_at?: string } = { label };
    if (expires) body.expires_at = new Date(`${expires}T23:59:59`).toISOString();
    return run(apiFetch(`/api/workspaces/${workspaceId}/shares`, { method: 'POST', body }), async (res) => {
      setCreated(((await res.json()) as { url: string }).url);
      setLabel('');
      setExpires('');
    });
  };

  const copy = async () => {
    if (!created) return;
    await navigator.clipboard?.writeText(created).catch(() => {});
    showSnackbar(t('sharing.copied'), 'success');
  };

  return (
    <div data-testid="sharing-panel" className="space-y-6">
      {error && (
        <Alert kind="danger" onDismiss={() => setError(null)} testId="sharing-error">
          {error}
        </Alert>
      )}
      <section>
        <h3 className="mb-2 font-medium">{t('sharing.invites')}</h3>
        <form onSubmit={invite} className="flex items-end gap-2">
          <div className="flex-1">
            <TextField id={`invite-user-${workspaceId}`} label={t('sharing.inviteUser')} value={who} onChange={setWho} />
          </div>
          <Btn type="submit" className="mb-4" data-testid="invite-submit">
            {t('sharing.invite')}
          </Btn>
        </form>
        {invites.length === 0 ? (
          <p className="text-sm text-muted">{t('sharing.noInvites')}</p>
        ) : (
          <ul className="divide-y divide-[var(--border)]" data-testid="invite-list">
            {invites.map((i) => (
              <li key={i.id} className="flex items-center gap-2 py-2">
                <span className="flex-1">
                  {i.user.username} <span className="text-sm text-muted">{i.user.email}</span>
                </span>
                <Btn variant="danger" onClick={() => run(apiFetch(`/api/invite/${i.id}`, { method: 'DELETE' }))}>
                  {t('sharing.remove')}
                </Btn>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section>
        <h3 className="mb-2 font-medium">{t('sharing.links')}</h3>
        <form onSubmit={createLink} className="flex flex-wrap items-end gap-2">
          <div className="min-w-40 flex-1">
            <TextField id={`share-label-${workspaceId}`} label={t('sharing.label')} value={label} onChange={setLabel} />
          </div>
          <div>
            <TextField id={`share-expires-${workspaceId}`} label={t('sharing.expires')} value={expires} onChange={setExpires} type="date" />
          </div>
          <Btn type="submit" className="mb-4" data-testid="create-share-link">
            {t('sharing.createLink')}
          </Btn>
        </form>
        {created && (
          <Alert kind="info" onDismiss={() => setCreated(null)}>
            <p className="mb-1 text-sm">{t('sharing.newLink')}</p>
            <div className="flex items-center gap-2">
              <input readOnly value={created} data-testid="share-link-url" className="flex-1 rounded border border-[var(--border)] bg-[var(--surface)] px-2 py-1 text-xs" onFocus={(e) => e.target.select()} />
              <Btn variant="outline" onClick={copy}>
                {t('sharing.copy')}
              </Btn>
            </div>
          </Alert>
        )}
        {links.length === 0 ? (
          <p className="text-sm text-muted">{t('sharing.noLinks')}</p>
        ) : (
          <ul className="divide-y divide-[var(--border)]" data-testid="share-link-list">
            {links.map((l) => (
              <li key={l.id} className="flex flex-wrap items-center gap-2 py-2" data-testid="share-link-row">
                <span className="flex-1">
                  {l.label || `#${l.id}`}{' '}
                  <span className="text-sm text-muted">
                    · {l.revoked_at ? t('sharing.revoked') : l.active ? t('sharing.active') : t('sharing.expired')} · {t('sharing.expires')}{' '}
                    {l.expires_at ? format(new Date(l.expires_at), 'yyyy-MM-dd') : t('sharing.never')} · {t('sharing.opens', { count: l.open_count })}
                  </span>
                </span>
                {!l.revoked_at && (
                  <Btn variant="danger" data-testid="revoke-share-link" onClick={() => run(apiFetch(`/api/workspaces/${workspaceId}/shares/${l.id}`, { method: 'DELETE' }))}>
                    {t('sharing.revoke')}
                  </Btn>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
