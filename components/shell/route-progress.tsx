'use client';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { showsRouteProgress } from '@/lib/routes';
import { useAppState } from './app-state';

/**
 * A thin top progress bar while the browser navigates to one of the routes
 * of [R2.27] (workspace view, account, data sources, shared workspaces, user
 * groups). It starts on a click on a same-origin link to such a route and
 * stops when the path arrives (or after 15 s, should the navigation die).
 */
export function RouteProgress() {
  const { t } = useAppState();
  const pathname = usePathname();
  const [target, setTarget] = useState<string | null>(null);
  const [seenPath, setSeenPath] = useState(pathname);
  // Any arrival ends the indicator (state adjusted during render, no effect needed).
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    setTarget(null);
  }

  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!a || (a.target && a.target !== '_self') || a.hasAttribute('download')) return;
      const url = new URL(a.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
      if (showsRouteProgress(url.pathname)) setTarget(url.pathname);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);

  useEffect(() => {
    if (target === null) return;
    const timer = setTimeout(() => setTarget(null), 15_000);
    return () => clearTimeout(timer);
  }, [target]);

  if (target === null) return null;
  return (
    <div role="progressbar" aria-label={t('tenancy.routeProgress')} data-testid="route-progress" className="fixed inset-x-0 top-0 z-[80] h-1 overflow-hidden bg-[var(--color-secondary)]/40">
      <div className="h-full w-1/3 animate-pulse bg-[var(--color-secondary)]" />
    </div>
  );
}
