'use client';
import { useId, type InputHTMLAttributes } from 'react';

/** A labelled input with its validation message underneath (auth and profile forms). */
export function FormField({ label, error, ...input }: { label: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        className="rounded border border-[var(--border)] bg-[var(--surface)] px-3 py-2 focus:border-[var(--color-primary)]"
        {...input}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto my-8 w-full max-w-md rounded-lg bg-[var(--surface)] p-6 shadow">
      <h1 className="mb-4 text-2xl font-medium">{title}</h1>
      {children}
    </div>
  );
}

export function PrimaryButton({ children, ...props }: React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      className="rounded bg-[var(--primary-fill)] px-4 py-2 font-medium text-white hover:bg-[var(--primary-fill-hover)] disabled:opacity-50"
      {...props}
    >
      {children}
    </button>
  );
}
