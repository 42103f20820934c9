'use client';
import { useState } from 'react';
import { useAppState } from '@/components/shell/app-state';
import type { TLayerWire } from '@/lib/wire-types';
import { DismissibleAlert } from './alert';
import { api, bodyText } from './api';

/**
 * The layers page: each workspace of the active account with its layer tree,
 * data source, visibility and user groups. Admins and editors attach and
 * detach groups (PATCH /api/layers/{id} {user_groups}) and toggle visibility.
 */
export type TWorkspaceLayers = { id: number; name: string; role: string; layers: TLayerWire[] };
type TGroup = { id: number; name: string };

function flatten(list: TLayerWire[]): TLayerWire[] {
  return list.flatMap((l) => [l, ...flatten(l.layers)]);
}

export function LayersOverview({ initial, groups }: { initial: TWorkspaceLayers[]; groups: TGroup[] }) {
  const { t } = useAppState();
  const [workspaces, setWorkspaces] = useState(initial);
  const [alert, setAlert] = useState<string | null>(null);
  const groupName = new Map(groups.map((g) => [g.id, g.name]));

  async function patch(wsId: number, layer: TLayerWire, body: Record<string, unknown>) {
    const res = await api<TLayerWire>('PATCH', `/api/layers/${layer.id}`, { ...body, version: layer.version });
    if (!res.ok) {
      setAlert(bodyText(res.body));
      return;
    }
    const reload = await api<{ results: TLayerWire[] }>('GET', `/api/layers?workspace=${wsId}`);
    if (reload.ok) setWorkspaces((list) => list.map((w) => (w.id === wsId ? { ...w, layers: reload.body.results } : w)));
    else setAlert(bodyText(reload.body));
  }

  if (workspaces.length === 0) return <p className="text-muted">{t('layers.noWorkspaces')}</p>;
  return (
    <div className="space-y-6">
      {alert && <DismissibleAlert text={alert} onClose={() => setAlert(null)} />}
      {workspaces.map((w) => {
        const rows = flatten(w.layers);
        const canEdit = w.role === 'admin' || w.role === 'editor';
        return (
          <section key={w.id} className="card overflow-x-auto p-4" aria-label={w.name} data-workspace={w.name}>
            <h2 className="mb-3 text-lg font-medium">{w.name}</h2>
            {rows.length === 0 ? (
              <p className="text-muted">{t('layers.empty')}</p>
            ) : (
              <table className="w-full text-sm">
                <thead>
                  <tr className="border-b border-[var(--border)] text-left">
                    <th className="px-2 py-1 font-medium">{t('layers.colName')}</th>
                    <th className="px-2 py-1 font-medium">{t('layers.colSource')}</th>
                    <th className="px-2 py-1 font-medium">{t('layers.colVisible')}</th>
                    <th className="px-2 py-1 font-medium">{t('layers.colGroups')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((l) => {
                    const free = groups.filter((g) => !l.user_groups.includes(g.id));
                    return (
                      <tr key={l.id} className="border-b border-[var(--border)] last:border-0" data-layer={l.name}>
                        <td className="px-2 py-1" style={{ paddingLeft: 8 + l.level * 20 }}>
                          {l.isGroup ? '▸ ' : ''}
                          {l.name}
                        </td>
                        <td className="px-2 py-1">{l.source?.name ?? '—'}</td>
                        <td className="px-2 py-1">
                          <label className="flex items-center gap-2">
                            <input type="checkbox" checked={l.visible} disabled={!canEdit} onChange={(e) => patch(w.id, l, { visible: e.target.checked })} />
                            <span className="sr-only">{l.visible ? t('layers.visible') : t('layers.hidden')}</span>
                          </label>
                        </td>
                        <td className="px-2 py-1">
                          <div className="flex flex-wrap items-center gap-1">
                            {l.user_groups.length === 0 && <span className="text-muted">{t('layers.everyone')}</span>}
                            {l.user_groups.map((gid) => (
                              <span key={gid} className="inline-flex items-center gap-1 rounded-full bg-[var(--surface-2)] px-2 py-0.5 text-xs">
                                {groupName.get(gid) ?? `#${gid}`}
                                {canEdit && (
                                  <button
                                    type="button"
                                    aria-label={t('layers.detach', { name: groupName.get(gid) ?? String(gid) })}
                                    onClick={() => patch(w.id, l, { user_groups: l.user_groups.filter((x) => x !== gid) })}
                                  >
                                    ×
                                  </button>
                                )}
                              </span>
                            ))}
                            {canEdit && free.length > 0 && (
                              <select
                                aria-label={`${t('layers.attach')} ${l.name}`}
                                className="rounded border border-[var(--border)] bg-[var(--surface)] px-1 py-0.5 text-xs"
                                value=""
                                onChange={(e) => e.target.value && patch(w.id, l, { user_groups: [...l.user_groups, Number(e.target.value)] })}
                              >
                                <option value="">{t('layers.attach')}</option>
                                {free.map((g) => (
                                  <option key={g.id} value={g.id}>
                                    {g.name}
                                  </option>
                                ))}
                              </select>
                            )}
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            )}
          </section>
        );
      })}
    </div>
  );
}
