'use client';
import { useRouter } from 'next/navigation';
import { useMemo, useState, type FormEvent } from 'react';
import { useAppState } from '@/components/shell/app-state';
import { isDataSourceCode } from '@/lib/schemas/datasource-settings';
import type { TDataSourceWire } from '@/lib/wire-types';
import { DismissibleAlert } from './alert';
import { api, bodyText } from './api';
import { FIELDS, fromSettings, toSettings, type TField } from './datasource-fields';

/**
 * Create / edit form of a data source: the fields of its type, credentials
 * (never prefilled), a connection test that previews the service, GeoJSON /
 * PMTiles upload, and the server's answer in a dismissible alert ([R8.08]).
 */
type TType = { id: number; name: string; code: string };
type TPreview = { ok: true; type: string; status: number; content_type: string; size: number; layers?: string[]; feature_count?: number; bbox?: number[] | null; info?: Record<string, unknown> };
type TErrors = Record<string, unknown>;

const inputCls = 'w-full rounded border border-[var(--border)] bg-[var(--surface)] px-3 py-2';

function fieldError(errors: TErrors | null, path: string[]): string | null {
  let node: unknown = errors;
  for (const p of path) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[p] : undefined;
  return Array.isArray(node) ? node.join(' ') : null;
}

export function DataSourceForm({ types, accountId, existing }: { types: TType[]; accountId: number; existing?: TDataSourceWire }) {
  const { t, showSnackbar } = useAppState();
  const router = useRouter();
  const [name, setName] = useState(existing?.name ?? '');
  const [typeId, setTypeId] = useState<number | ''>(existing?.type ?? '');
  const code = types.find((x) => x.id === typeId)?.code ?? '';
  const fields: TField[] = useMemo(() => (isDataSourceCode(code) ? FIELDS[code] : []), [code]);
  const [values, setValues] = useState<Record<string, string | boolean>>(() => (existing && isDataSourceCode(code) ? fromSettings(FIELDS[code], existing.settings) : {}));
  const [mode, setMode] = useState<'url' | 'file'>(existing?.file ? 'file' : 'url');
  const [file, setFile] = useState<File | null>(null);
  const [cred, setCred] = useState({ username: '', password: '', apiKey: '' });
  const [clearCreds, setClearCreds] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [errors, setErrors] = useState<TErrors | null>(null);
  const [preview, setPreview] = useState<TPreview | null>(null);
  const [busy, setBusy] = useState<'test' | 'save' | null>(null);
  const canUpload = !existing && (code === 'geojson' || code === 'vectortiles');
  const fileMode = (canUpload && mode === 'file') || !!existing?.file;

  function chooseType(id: number | '') {
    setTypeId(id);
    const c = types.find((x) => x.id === id)?.code;
    setValues(isDataSourceCode(c) ? fromSettings(FIELDS[c], {}) : {});
    setPreview(null);
    setErrors(null);
  }

  const credentials = () => {
    const c = Object.fromEntries(Object.entries(cred).filter(([, v]) => v !== ''));
    return Object.keys(c).length ? c : undefined;
  };

  function fail(body: unknown) {
    setAlert(bodyText(body));
    setErrors(body && typeof body === 'object' ? (body as TErrors) : null);
  }

  async function test() {
    setBusy('test');
    setPreview(null);
    setAlert(null);
    setErrors(null);
    const useSaved = existing && !credentials() && existing.has_credentials && !clearCreds;
    const res = useSaved
      ? await api<TPreview>('POST', `/api/datasources/${existing.id}/test`)
      : await api<TPreview>('POST', '/api/datasources/test', { type: typeId === '' ? undefined : typeId, settings: toSettings(fields, values), credentials: credentials() });
    setBusy(null);
    if (res.ok) setPreview(res.body);
    else fail(res.body);
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    setBusy('save');
    setAlert(null);
    setErrors(null);
    let res;
    if (fileMode && !existing) {
      const fd = new FormData();
      fd.set('name', name);
      fd.set('account', String(accountId));
      if (file) fd.set('file', file);
      res = await api('POST', '/api/datasources/upload', fd);
    } else {
      const creds = clearCreds ? null : credentials();
      const body: Record<string, unknown> = { name, type: typeId === '' ? undefined : typeId, settings: toSettings(fields, values) };
      if (existing?.file) delete body.settings;
      if (creds !== undefined) body.credentials = creds;
      res = existing ? await api('PATCH', `/api/datasources/${existing.id}`, body) : await api('POST', '/api/datasources', { ...body, account: accountId });
    }
    setBusy(null);
    if (!res.ok) {
      fail(res.body);
      return;
    }
    showSnackbar(t('datasourceForm.saved'), 'success');
    router.push('/datasources');
    router.refresh();
  }

  return (
    <form onSubmit={save} noValidate className="card space-y-4 p-6">
      {alert && <DismissibleAlert text={alert} onClose={() => setAlert(null)} />}
      <div>
        <label htmlFor="ds-name" className="mb-1 block text-sm">
          {t('datasourceForm.name')}
        </label>
        <input id="ds-name" className={inputCls} name="name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={255} />
        {fieldError(errors, ['name']) && <span className="text-sm text-red-700 dark:text-red-400">{fieldError(errors, ['name'])}</span>}
      </div>
      <div>
        <label htmlFor="ds-type" className="mb-1 block text-sm">
          {t('datasourceForm.type')}
        </label>
        <select id="ds-type" className={inputCls} name="type" value={typeId} disabled={!!existing?.file} onChange={(e) => chooseType(e.target.value ? Number(e.target.value) : '')}>
          <option value="">{t('datasourceForm.chooseType')}</option>
          {types.map((x) => (
            <option key={x.id} value={x.id}>
              {x.name}
            </option>
          ))}
        </select>
        {fieldError(errors, ['type']) && <span className="text-sm text-red-700 dark:text-red-400">{fieldError(errors, ['type'])}</span>}
      </div>

      {canUpload && (
        <fieldset className="flex gap-4">
          <legend className="mb-1 text-sm">{t('datasourceForm.source')}</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="mode" checked={mode === 'url'} onChange={() => setMode('url')} /> {t('datasourceForm.sourceUrl')}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="mode" checked={mode === 'file'} onChange={() => setMode('file')} /> {t('datasourceForm.sourceFile')}
          </label>
        </fieldset>
      )}

      {fileMode && !existing && (
        <div>
          <label htmlFor="ds-file" className="mb-1 block text-sm">
            {t('datasourceForm.file')}
          </label>
          <input id="ds-file" type="file" name="file" accept=".geojson,.json,.pmtiles,application/geo+json,application/json" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          {fieldError(errors, ['file']) && <span className="block text-sm text-red-700 dark:text-red-400">{fieldError(errors, ['file'])}</span>}
        </div>
      )}
      {existing?.file && (
        <p className="text-sm text-muted">
          {t('datasourceForm.fileInfo', { size: existing.file.size })}
          {existing.file.feature_count !== null ? ` · ${t('datasourceForm.features', { count: existing.file.feature_count })}` : ''}
        </p>
      )}

      {!fileMode &&
        fields.map((f) => {
          const err = fieldError(errors, ['settings', f.key]);
          if (f.kind === 'checkbox') {
            return (
              <label key={f.key} className="flex items-center gap-2">
                <input type="checkbox" name={f.key} checked={!!values[f.key]} onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.checked }))} /> {f.label}
              </label>
            );
          }
          return (
            <div key={f.key}>
              <label htmlFor={`ds-${f.key}`} className="mb-1 block text-sm">
                {f.label}
              </label>
              {f.kind === 'select' ? (
                <select id={`ds-${f.key}`} className={inputCls} name={f.key} value={String(values[f.key] ?? '')} onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}>
                  {f.options!.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={`ds-${f.key}`}
                  className={inputCls}
                  name={f.key}
                  type={f.kind === 'number' ? 'number' : 'text'}
                  aria-required={f.required || undefined}
                  placeholder={f.placeholder}
                  value={String(values[f.key] ?? '')}
                  onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
                />
              )}
              {err && <span className="text-sm text-red-700 dark:text-red-400">{err}</span>}
            </div>
          );
        })}

      {!fileMode && code && (
        <fieldset className="space-y-2 rounded border border-[var(--border)] p-4">
          <legend className="px-1 text-sm">{t('datasourceForm.credentials')}</legend>
          <p className="text-xs text-muted">{t('datasourceForm.credentialsHint')}</p>
          {existing?.has_credentials && (
            <div className="flex flex-wrap items-center gap-4 text-sm">
              <span>{t('datasourceForm.hasCredentials')}</span>
              <label className="flex items-center gap-2">
                <input type="checkbox" checked={clearCreds} onChange={(e) => setClearCreds(e.target.checked)} /> {t('datasourceForm.clearCredentials')}
              </label>
            </div>
          )}
          <div className="grid gap-2 md:grid-cols-3">
            <input className={inputCls} aria-label={t('datasourceForm.username')} placeholder={t('datasourceForm.username')} autoComplete="off" value={cred.username} onChange={(e) => setCred((c) => ({ ...c, username: e.target.value }))} />
            <input className={inputCls} aria-label={t('datasourceForm.password')} placeholder={t('datasourceForm.password')} type="password" autoComplete="new-password" value={cred.password} onChange={(e) => setCred((c) => ({ ...c, password: e.target.value }))} />
            <input className={inputCls} aria-label={t('datasourceForm.apiKey')} placeholder={t('datasourceForm.apiKey')} type="password" autoComplete="off" value={cred.apiKey} onChange={(e) => setCred((c) => ({ ...c, apiKey: e.target.value }))} />
          </div>
        </fieldset>
      )}

      {preview && (
        <div role="status" className="rounded border border-green-300 bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-100" data-testid="test-preview">
          <p className="font-medium">{t('datasourceForm.testOk')}</p>
          {preview.layers && <p>{t('datasourceForm.layersFound', { layers: preview.layers.join(', ') })}</p>}
          {preview.feature_count !== undefined && <p>{t('datasourceForm.features', { count: preview.feature_count })}</p>}
          {!preview.layers && preview.feature_count === undefined && <p>{t('datasourceForm.tileInfo', { type: preview.content_type || '?', size: preview.size })}</p>}
        </div>
      )}

      <div className="flex flex-wrap gap-2">
        {!fileMode && (
          <button type="button" className="rounded border border-primary px-4 py-2 text-[var(--primary-ink)] disabled:opacity-50" disabled={!code || busy !== null} onClick={test}>
            {busy === 'test' ? t('datasourceForm.testing') : t('datasourceForm.test')}
          </button>
        )}
        <button type="submit" className="rounded bg-[var(--primary-fill)] px-4 py-2 font-medium text-white disabled:opacity-50" disabled={busy !== null}>
          {t('datasourceForm.save')}
        </button>
        <button type="button" className="rounded px-4 py-2" onClick={() => router.push('/datasources')}>
          {t('datasourceForm.cancel')}
        </button>
      </div>
    </form>
  );
}
