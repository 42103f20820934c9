'use client';
import { useAppState } from './app-state';

/** Full-screen loading overlay ([R1.03], [R4.12]) with its load text (default "Loading content"). */
export function LoadingOverlay() {
  const { loading, routeLoading, loadText, t } = useAppState();
  if (!loading && !routeLoading) return null;
  return (
    <div data-testid="loading-overlay" className="fixed inset-0 z-[70] flex flex-col items-center justify-center gap-4 bg-black/40" role="status" aria-live="polite">
      <div className="h-12 w-12 animate-spin rounded-full border-4 border-white border-t-[var(--color-primary)]" aria-hidden />
      <p className="text-lg font-medium text-white">{loadText || t('shell.loading')}</p>
    </div>
  );
}
