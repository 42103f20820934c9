'use client';
import { useEffect } from 'react';
import { useAppState } from './app-state';

/** Snackbar ([R4.12], [R9.02]): follows snackBar.show and closes after 5000 ms unless told otherwise. */
export const SNACKBAR_TIMEOUT_MS = 5000;

const COLORS = {
  success: 'bg-green-700 text-white',
  error: 'bg-red-700 text-white',
  warning: 'bg-amber-600 text-black',
  info: 'bg-neutral-800 text-white',
};

export function Snackbar() {
  const { snackBar, hideSnackbar, t } = useAppState();
  useEffect(() => {
    if (!snackBar.show) return;
    const timer = setTimeout(hideSnackbar, snackBar.timeout ?? SNACKBAR_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [snackBar, hideSnackbar]);
  if (!snackBar.show) return null;
  return (
    <div
      role={snackBar.color === 'error' || snackBar.color === 'warning' ? 'alert' : 'status'}
      data-testid="snackbar"
      data-color={snackBar.color}
      className={`fixed bottom-4 left-1/2 z-[60] flex max-w-[90vw] -translate-x-1/2 items-center gap-4 rounded px-4 py-3 shadow-lg ${COLORS[snackBar.color]}`}
    >
      <span>{snackBar.text}</span>
      <button type="button" onClick={hideSnackbar} className="text-sm font-medium underline" aria-label={t('shell.dismiss')}>
        ✕
      </button>
    </div>
  );
}
