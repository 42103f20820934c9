'use client';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { TLayerWire } from '@/lib/wire-types';
import { api, writeErrorText, type TDataSourceOption, type TUserGroupOption } from './api-client';
import { templateError } from './layer-spec';
import type { TPlugins, TProfileSource } from './plugins';

/** Edit-mode dialogs of the map: add a layer, edit a layer, configure plugins and the mobile flag. */
function MapDialog({ title, open, onClose, children, testId }: { title: string; open: boolean; onClose: () => void; children: ReactNode; testId: string }) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel data-testid={testId} className="max-h-[90vh] w-full max-w-[500px] overflow-y-auto rounded bg-[var(--surface)] p-4 shadow-xl">
          <DialogTitle className="mb-3 text-lg font-semibold">{title}</DialogTitle>
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

const input = 'w-full rounded border border-[var(--border)] bg-[var(--surface)] px-2 py-1';
const primary = 'rounded bg-[var(--primary-fill)] px-3 py-1 text-white disabled:opacity-40';
const secondary = 'rounded border border-[var(--border)] px-3 py-1';

export function AddLayerDialog({ open, onClose, onAdd }: { open: boolean; onClose: () => void; onAdd: (ds: TDataSourceOption, name: string) => Promise<string | null> }) {
  const [sources, setSources] = useState<TDataSourceOption[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [dsId, setDsId] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setError(null);
    api
      .listDataSources()
      .then((rows) => setSources(rows))
      .catch((e) => setLoadError(writeErrorText(e)));
  }, [open]);
  const ds = sources?.find((s) => s.id === dsId) ?? null;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!ds) return setError('Choose a data source');
    if (!(name || ds.name).trim()) return setError('Name is required');
    setBusy(true);
    const err = await onAdd(ds, (name || ds.name).trim());
    setBusy(false);
    if (err) setError(err);
    else {
      setName('');
      setDsId(null);
      onClose();
    }
  };
  return (
    <MapDialog title="Add layer" open={open} onClose={onClose} testId="add-layer-dialog">
      <form onSubmit={submit} className="flex flex-col gap-3">
        {loadError && <p className="text-sm text-red-700 dark:text-red-400">{loadError}</p>}
        <label className="text-sm">
          Data source
          <select className={input} value={dsId ?? ''} onChange={(e) => setDsId(Number(e.target.value) || null)} data-testid="add-layer-source">
            <option value="">{sources ? (sources.length ? 'Choose a data source…' : 'No data sources found.') : 'Loading…'}</option>
            {sources?.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          Layer name
          <input className={input} value={name} placeholder={ds?.name ?? ''} onChange={(e) => setName(e.target.value)} data-testid="add-layer-name" />
        </label>
        {error && <p className="text-sm text-red-700 dark:text-red-400">{error}</p>}
        <div className="flex justify-end gap-2">
          <button type="button" className={secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={primary} disabled={busy} data-testid="add-layer-submit">
            Add layer
          </button>
        </div>
      </form>
    </MapDialog>
  );
}

export type TLayerEdit = { name: string; template: string; opacity: number; user_groups: number[] };

export function EditLayerDialog({ layer, onClose, onSave, onDelete }: { layer: TLayerWire | null; onClose: () => void; onSave: (l: TLayerWire, edit: TLayerEdit) => Promise<string | null>; onDelete: (l: TLayerWire) => Promise<string | null> }) {
  const [name, setName] = useState('');
  const [template, setTemplate] = useState('');
  const [groups, setGroups] = useState<number[]>([]);
  const [options, setOptions] = useState<TUserGroupOption[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!layer) return;
    setName(layer.name);
    setTemplate(layer.template && layer.template !== '{}' ? JSON.stringify(JSON.parse(safeJson(layer.template)), null, 2) : '{}');
    setGroups(layer.user_groups);
    setError(null);
    api
      .listUserGroups()
      .then(setOptions)
      .catch(() => setOptions([]));
  }, [layer]);
  if (!layer) return null;
  const tplError = templateError(template);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Name is required');
    if (tplError) return setError(tplError);
    setBusy(true);
    const err = await onSave(layer, { name: name.trim(), template: template.trim() ? JSON.stringify(JSON.parse(template)) : '{}', opacity: layer.opacity, user_groups: groups });
    setBusy(false);
    if (err) setError(err);
    else onClose();
  };
  return (
    <MapDialog title={`Edit layer`} open={!!layer} onClose={onClose} testId="edit-layer-dialog">
      <form onSubmit={submit} className="flex flex-col gap-3">
        <label className="text-sm">
          Name
          <input className={input} value={name} onChange={(e) => setName(e.target.value)} data-testid="edit-layer-name" />
        </label>
        <label className="text-sm">
          Template (style JSON: paint, layout, color, fill, opacity, legend)
          <textarea className={`${input} font-mono text-xs`} rows={8} value={template} onChange={(e) => setTemplate(e.target.value)} data-testid="edit-layer-template" aria-invalid={!!tplError} />
          {tplError && (
            <span className="text-xs text-red-700 dark:text-red-400" data-testid="template-error">
              {tplError}
            </span>
          )}
        </label>
        <fieldset className="text-sm">
          <legend>User groups (only members see a layer with groups)</legend>
          {options === null && <span className="text-muted">Loading…</span>}
          {options?.length === 0 && <span className="text-muted">No user groups found.</span>}
          {options?.map((g) => (
            <label key={g.id} className="mr-3 inline-flex items-center gap-1">
              <input type="checkbox" checked={groups.includes(g.id)} onChange={(e) => setGroups((cur) => (e.target.checked ? [...cur, g.id] : cur.filter((x) => x !== g.id)))} data-testid={`layer-group-${g.id}`} />
              {g.name}
            </label>
          ))}
        </fieldset>
        {error && <p className="text-sm text-red-700 dark:text-red-400">{error}</p>}
        <div className="flex justify-between gap-2">
          <button
            type="button"
            className="rounded border border-red-600 px-3 py-1 text-red-700 dark:text-red-400"
            data-testid="delete-layer"
            onClick={async () => {
              if (!window.confirm(`Delete the layer ${layer.name}?`)) return;
              const err = await onDelete(layer);
              if (err) setError(err);
              else onClose();
            }}
          >
            Delete layer
          </button>
          <span className="flex gap-2">
            <button type="button" className={secondary} onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className={primary} disabled={busy || !!tplError} data-testid="edit-layer-save">
              Save
            </button>
          </span>
        </div>
      </form>
    </MapDialog>
  );
}

function safeJson(text: string) {
  try {
    JSON.parse(text);
    return text;
  } catch {
    return '{}';
  }
}

export function PluginsDialog({ open, plugins, mobile, layers, onClose, onSave }: { open: boolean; plugins: TPlugins; mobile: boolean; layers: TLayerWire[]; onClose: () => void; onSave: (p: TPlugins, mobile: boolean) => Promise<string | null> }) {
  const [p, setP] = useState(plugins);
  const [mob, setMob] = useState(mobile);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setP(plugins);
      setMob(mobile);
      setError(null);
    }
  }, [open, plugins, mobile]);
  const setProfile = (i: number, patch: Partial<TProfileSource>) => setP((cur) => ({ ...cur, elevationWidget: { ...cur.elevationWidget, profiles: cur.elevationWidget.profiles.map((x, k) => (k === i ? { ...x, ...patch } : x)) } }));
  const toggleSide = (side: 'left' | 'right', id: number, on: boolean) =>
    setP((cur) => ({ ...cur, splitPanel: { ...cur.splitPanel, [side]: on ? [...cur.splitPanel[side], id] : cur.splitPanel[side].filter((x) => x !== id) } }));
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const err = await onSave(p, mob);
    if (err) setError(err);
    else onClose();
  };
  return (
    <MapDialog title="Workspace settings" open={open} onClose={onClose} testId="plugins-dialog">
      <form onSubmit={submit} className="flex flex-col gap-4 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={mob} onChange={(e) => setMob(e.target.checked)} data-testid="mobile-flag" /> Available on mobile
        </label>
        <fieldset className="rounded border border-[var(--border)] p-2">
          <legend className="px-1 font-semibold">Elevation profile</legend>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={p.elevationWidget.enabled} onChange={(e) => setP({ ...p, elevationWidget: { ...p.elevationWidget, enabled: e.target.checked } })} data-testid="plugin-elevation-enabled" /> Enabled
          </label>
          {p.elevationWidget.profiles.map((pr, i) => (
            <div key={i} className="mt-2 grid grid-cols-[1fr_5rem] gap-1">
              <input className={input} aria-label="Profile title" value={pr.title} onChange={(e) => setProfile(i, { title: e.target.value })} />
              <input className={input} aria-label="Profile colour" value={pr.color} onChange={(e) => setProfile(i, { color: e.target.value })} />
              <input className={`${input} col-span-2`} aria-label="Elevation tile URL" placeholder="https://…/{z}/{x}/{y}.png (Terrarium)" value={pr.url} onChange={(e) => setProfile(i, { url: e.target.value })} data-testid={`profile-url-${i}`} />
            </div>
          ))}
          <button type="button" className="mt-2 text-[var(--primary-ink)] underline" onClick={() => setP({ ...p, elevationWidget: { ...p.elevationWidget, profiles: [...p.elevationWidget.profiles, { title: 'Profile', color: 'blue', url: '' }] } })}>
            Add ground profile
          </button>
        </fieldset>
        <fieldset className="rounded border border-[var(--border)] p-2">
          <legend className="px-1 font-semibold">BI widget</legend>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={p.biWidget.enabled} onChange={(e) => setP({ ...p, biWidget: { ...p.biWidget, enabled: e.target.checked } })} data-testid="plugin-bi-enabled" /> Enabled
          </label>
          <input className={`${input} mt-1`} aria-label="BI widget URL" placeholder="https://…?bbox={bbox}" value={p.biWidget.url} onChange={(e) => setP({ ...p, biWidget: { ...p.biWidget, url: e.target.value } })} data-testid="plugin-bi-url" />
        </fieldset>
        <fieldset className="rounded border border-[var(--border)] p-2">
          <legend className="px-1 font-semibold">Split panel</legend>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={p.splitPanel.enabled} onChange={(e) => setP({ ...p, splitPanel: { ...p.splitPanel, enabled: e.target.checked } })} data-testid="plugin-split-enabled" /> Enabled
          </label>
          <select className={`${input} mt-1`} aria-label="Split mode" value={p.splitPanel.mode} onChange={(e) => setP({ ...p, splitPanel: { ...p.splitPanel, mode: e.target.value === 'side' ? 'side' : 'swipe' } })}>
            <option value="swipe">Swipe</option>
            <option value="side">Side by side</option>
          </select>
          <div className="mt-1 grid grid-cols-[1fr_3rem_3rem] gap-x-2">
            <span className="text-muted">Layer</span>
            <span className="text-muted">Left</span>
            <span className="text-muted">Right</span>
            {layers.map((l) => (
              <SplitRow key={l.id} layer={l} left={p.splitPanel.left.includes(l.id)} right={p.splitPanel.right.includes(l.id)} onToggle={toggleSide} />
            ))}
          </div>
        </fieldset>
        {error && <p className="text-red-700 dark:text-red-400">{error}</p>}
        <div className="flex justify-end gap-2">
          <button type="button" className={secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={primary} data-testid="plugins-save">
            Save settings
          </button>
        </div>
      </form>
    </MapDialog>
  );
}

function SplitRow({ layer, left, right, onToggle }: { layer: TLayerWire; left: boolean; right: boolean; onToggle: (side: 'left' | 'right', id: number, on: boolean) => void }) {
  return (
    <>
      <span className="truncate">{layer.name}</span>
      <input type="checkbox" aria-label={`${layer.name} on the left`} checked={left} onChange={(e) => onToggle('left', layer.id, e.target.checked)} />
      <input type="checkbox" aria-label={`${layer.name} on the right`} checked={right} onChange={(e) => onToggle('right', layer.id, e.target.checked)} />
    </>
  );
}
