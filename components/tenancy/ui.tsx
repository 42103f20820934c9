'use client';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ButtonHTMLAttributes, ReactNode } from 'react';

/** Small UI pieces of the tenancy screens (buttons, fields, alerts, a 500 px dialog). */
export const DIALOG_MAX_WIDTH = 500;

type TButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'text' | 'danger' | 'outline' };

export function Btn({ variant = 'primary', className = '', ...rest }: TButtonProps) {
  const styles = {
    primary: 'bg-[var(--primary-fill)] text-white hover:bg-[var(--primary-fill-hover)]',
    text: 'text-[var(--primary-ink)] hover:bg-[var(--surface-2)]',
    danger: 'text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950',
    outline: 'border border-[var(--color-primary)] text-[var(--primary-ink)] hover:bg-[var(--surface-2)]',
  }[variant];
  return <button type="button" {...rest} className={`rounded px-3 py-1.5 text-sm font-medium uppercase tracking-wide disabled:opacity-50 ${styles} ${className}`} />;
}

export function TextField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string | null;
  type?: string;
  multiline?: boolean;
  autoFocus?: boolean;
}) {
  const { id, label, value, onChange, error, type = 'text', multiline, autoFocus } = props;
  const cls = `mt-1 w-full rounded border bg-[var(--surface)] px-3 py-2 ${error ? 'border-red-600' : 'border-[var(--border)]'}`;
  return (
    <div className="mb-4">
      <label htmlFor={id} className="block text-sm text-muted">
        {label}
      </label>
      {multiline ? (
        <textarea id={id} name={id} value={value} onChange={(e) => onChange(e.target.value)} className={cls} rows={3} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} />
      ) : (
        <input
          id={id}
          name={id}
          type={type}
          value={value}
          autoFocus={autoFocus}
          onChange={(e) => onChange(e.target.value)}
          className={cls}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** A coloured alert; `onDismiss` adds a close button (the spec's dismissible alerts). */
export function Alert({ kind, children, onDismiss, testId }: { kind: 'danger' | 'warning' | 'info'; children: ReactNode; onDismiss?: () => void; testId?: string }) {
  const styles = {
    danger: 'border-red-700 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100',
    warning: 'border-amber-600 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
    info: 'border-sky-700 bg-sky-50 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  }[kind];
  return (
    <div role={kind === 'info' ? 'status' : 'alert'} data-testid={testId} className={`mb-4 flex items-start gap-2 rounded border-l-4 px-4 py-3 ${styles}`}>
      <div className="flex-1 break-words">{children}</div>
      {onDismiss && (
        <button type="button" aria-label="Dismiss" onClick={onDismiss} className="px-1 text-lg leading-none">
          ×
        </button>
      )}
    </div>
  );
}

/** A modal on Headless UI's Dialog, at most 500 px wide ([R9.05]). */
export function Modal({ open, onClose, title, children, testId }: { open: boolean; onClose: () => void; title: string; children: ReactNode; testId?: string }) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel data-testid={testId} style={{ maxWidth: DIALOG_MAX_WIDTH }} className="card max-h-[90vh] w-full overflow-y-auto p-6 shadow-xl">
          <DialogTitle className="mb-4 text-xl font-medium">{title}</DialogTitle>
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/** Reads an API error body as text for an alert (the server's answer, as the spec shows it). */
export async function errorText(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  return text || `${res.status} ${res.statusText}`;
}

/** Same-origin JSON call with the session cookie (the CSRF check reads the Origin the browser sends). */
export function apiFetch(path: string, init: { method?: string; body?: unknown } = {}) {
  return fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    headers: init.body !== undefined ? { 'content-type': 'application/json' } : undefined,
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
}
