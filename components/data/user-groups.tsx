'use client';
import { format } from 'date-fns';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useAppState } from '@/components/shell/app-state';
import type { TUserGroupWire } from '@/lib/wire-types';
import { api } from './api';
import { ConfirmDialog } from './confirm-dialog';
import { TrashIcon } from './icons';

/**
 * User groups of the active account ([R2.45], [R5.03], [R9.06]): list with
 * name and modified date (YYYY-MM-DD), delete with confirmation, create form
 * that clears and reloads ([R4.10]), and the members of a group. Errors are
 * only logged ([R8.09]).
 */
type TMember = { id: number; username: string; email: string };
const inputCls = 'rounded border border-[var(--border)] bg-[var(--surface)] px-3 py-2';

export function UserGroups({ initial, accountId, canEdit }: { initial: TUserGroupWire[]; accountId: number; canEdit: boolean }) {
  const { t } = useAppState();
  const [groups, setGroups] = useState(initial);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [confirmId, setConfirmId] = useState<number | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);

  const reload = useCallback(async () => {
    const res = await api<{ results: TUserGroupWire[] }>('GET', `/api/userGroup?account=${accountId}`);
    if (res.ok) setGroups(res.body.results);
    else console.error('user groups load failed', res.status, res.body);
  }, [accountId]);

  async function create(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) {
      setNameError(t('validation.fieldRequired'));
      return;
    }
    const res = await api('POST', '/api/userGroup', { name, account: accountId });
    if (!res.ok) {
      console.error('user group create failed', res.status, res.body);
      const msg = (res.body as { name?: string[] } | null)?.name?.[0];
      if (msg) setNameError(msg);
      return;
    }
    setName('');
    setNameError(null);
    await reload();
  }

  async function remove(id: number) {
    const res = await api('DELETE', `/api/userGroup/${id}`);
    setConfirmId(null);
    if (!res.ok) console.error('user group delete failed', res.status, res.body);
    if (openId === id) setOpenId(null);
    await reload();
  }

  return (
    <div className="space-y-6">
      {canEdit && (
        <form onSubmit={create} noValidate className="card flex flex-wrap items-start gap-3 p-4">
          <div className="flex min-w-[240px] flex-1 flex-col">
            <label htmlFor="group-name" className="mb-1 text-sm">
              {t('usergroups.name')}
            </label>
            <input
              id="group-name"
              className={inputCls}
              name="name"
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                if (e.target.value.trim()) setNameError(null);
              }}
              aria-invalid={!!nameError}
            />
            {nameError && <span className="mt-1 text-sm text-red-700 dark:text-red-400">{nameError}</span>}
          </div>
          <button type="submit" className="mt-6 rounded bg-[var(--primary-fill)] px-4 py-2 font-medium text-white">
            {t('usergroups.create')}
          </button>
        </form>
      )}
      <ul className="card divide-y divide-[var(--border)]" aria-label={t('usergroups.title')}>
        {groups.length === 0 && <li className="p-4 text-muted">{t('usergroups.empty')}</li>}
        {groups.map((g) => (
          <li key={g.id} className="p-4" data-group={g.name}>
            <div className="flex flex-wrap items-center gap-3">
              <button type="button" className="flex-1 text-left font-medium" aria-expanded={openId === g.id} onClick={() => setOpenId(openId === g.id ? null : g.id)}>
                {g.name}
              </button>
              <span className="text-sm text-muted">{format(new Date(g.date_modified), 'yyyy-MM-dd')}</span>
              <button type="button" className="rounded border border-[var(--border)] px-3 py-1 text-sm" onClick={() => setOpenId(openId === g.id ? null : g.id)}>
                {t('usergroups.members')}
              </button>
              {canEdit && (
                <button type="button" className="rounded px-2 py-1 text-red-700 dark:text-red-400" aria-label={`${t('usergroups.delete')} ${g.name}`} onClick={() => setConfirmId(g.id)}>
                  <TrashIcon />
                </button>
              )}
            </div>
            {openId === g.id && <Members group={g} canEdit={canEdit} onChanged={reload} />}
          </li>
        ))}
      </ul>
      <ConfirmDialog open={confirmId !== null} text={t('usergroups.deleteConfirm')} onCancel={() => setConfirmId(null)} onConfirm={() => confirmId !== null && remove(confirmId)} />
    </div>
  );
}

function Members({ group, canEdit, onChanged }: { group: TUserGroupWire; canEdit: boolean; onChanged: () => void }) {
  const { t } = useAppState();
  const [members, setMembers] = useState<TMember[] | null>(null);
  const [who, setWho] = useState('');
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const res = await api<{ results: TMember[] }>('GET', `/api/userGroup/${group.id}/members`);
    if (res.ok) setMembers(res.body.results);
    else console.error('members load failed', res.status, res.body);
  }, [group.id]);

  useEffect(() => {
    void load();
  }, [load]);

  async function add(e: FormEvent) {
    e.preventDefault();
    if (!who.trim()) {
      setError(t('validation.fieldRequired'));
      return;
    }
    const res = await api('POST', `/api/userGroup/${group.id}/members`, { user: who.trim() });
    if (!res.ok) {
      setError((res.body as { user?: string[] } | null)?.user?.[0] ?? JSON.stringify(res.body));
      return;
    }
    setWho('');
    setError(null);
    await load();
    onChanged();
  }

  async function remove(id: number) {
    const res = await api('DELETE', `/api/userGroup/${group.id}/members/${id}`);
    if (!res.ok) console.error('member remove failed', res.status, res.body);
    await load();
    onChanged();
  }

  return (
    <div className="mt-3 rounded bg-[var(--surface-2)] p-3" aria-label={t('usergroups.membersOf', { name: group.name })}>
      {members && members.length === 0 && <p className="text-sm text-muted">{t('usergroups.noMembers')}</p>}
      <ul className="mb-2 space-y-1">
        {members?.map((m) => (
          <li key={m.id} className="flex items-center gap-2 text-sm">
            <span className="flex-1">
              {m.username} <span className="text-muted">({m.email})</span>
            </span>
            {canEdit && (
              <button type="button" className="text-red-700 dark:text-red-400" aria-label={t('usergroups.removeMember', { name: m.username })} onClick={() => remove(m.id)}>
                ×
              </button>
            )}
          </li>
        ))}
      </ul>
      {canEdit && (
        <form onSubmit={add} noValidate className="flex flex-wrap items-start gap-2">
          <div className="flex flex-1 flex-col">
            <input className={inputCls} placeholder={t('usergroups.memberUser')} aria-label={t('usergroups.memberUser')} value={who} onChange={(e) => setWho(e.target.value)} />
            {error && <span className="mt-1 text-sm text-red-700 dark:text-red-400">{error}</span>}
          </div>
          <button type="submit" className="rounded border border-primary px-3 py-2 text-[var(--primary-ink)]">
            {t('usergroups.addMember')}
          </button>
        </form>
      )}
    </div>
  );
}
