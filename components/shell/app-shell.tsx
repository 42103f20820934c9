'use client';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { displayHost } from '@/lib/host';
import { useAppState } from './app-state';
import { Footer } from './footer';
import { LoadingOverlay } from './loading-overlay';
import { navItems } from './nav-items';
import { RouteProgress } from './route-progress';
import { Snackbar } from './snackbar';
import { ThemeToggle } from './theme-toggle';

const TemporaryDrawer = dynamic(() => import('./temporary-drawer').then((m) => m.TemporaryDrawer), { ssr: false });

/** Shell dimensions ([R9.05], [R9.02]). */
export const DRAWER_WIDTH = 256;
export const RAIL_WIDTH = 56;
export const SWIPE_EDGE = 25;
export const MOBILE_MAX = 760;

function useIsMobile() {
  const [mobile, setMobile] = useState(false);
  useEffect(() => {
    const mq = window.matchMedia(`(max-width: ${MOBILE_MAX}px)`);
    const update = () => setMobile(mq.matches);
    update();
    mq.addEventListener('change', update);
    return () => mq.removeEventListener('change', update);
  }, []);
  return mobile;
}

/** Top bar, navigation drawer (256 px) / rail (56 px) / temporary drawer on ≤ 760 px, overlay, snackbar and footer ([R1.03]). */
export function AppShell({ children }: { children: ReactNode }) {
  const state = useAppState();
  const { site, isLoggedIn, demo, accounts, activeAccount, t } = state;
  const pathname = usePathname();
  const router = useRouter();
  const mobile = useIsMobile();
  const [rail, setRail] = useState(false);
  const [open, setOpen] = useState(false);
  const touchStart = useRef<number | null>(null);
  const fullScreen = pathname.includes('workspace') && !pathname.startsWith('/workspace/create');
  // The map pages need the machine for the map while they open: no prefetching of other pages there.
  const prefetch = fullScreen ? false : undefined;

  useEffect(() => setOpen(false), [pathname]);

  // Temporary drawer on small screens opens with a swipe from the left edge (25 px zone).
  useEffect(() => {
    if (!mobile) return;
    const onStart = (e: TouchEvent) => {
      touchStart.current = e.touches[0].clientX <= SWIPE_EDGE ? e.touches[0].clientX : null;
    };
    const onEnd = (e: TouchEvent) => {
      if (touchStart.current !== null && e.changedTouches[0].clientX - touchStart.current > 50) setOpen(true);
      touchStart.current = null;
    };
    window.addEventListener('touchstart', onStart);
    window.addEventListener('touchend', onEnd);
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchend', onEnd);
    };
  }, [mobile]);

  const logout = async () => {
    state.setLoading(true);
    await fetch('/api/auth/logout', { credentials: 'same-origin' }).catch(() => {});
    try {
      localStorage.removeItem('token');
      localStorage.removeItem('demo');
    } catch {
      /* storage unavailable */
    }
    document.cookie = 'demo=; path=/; max-age=0';
    document.cookie = 'activeAccount=; path=/; max-age=0';
    state.setLoading(false);
    window.location.assign('/');
  };

  const chooseAccount = (id: number) => {
    const acc = accounts?.find((a) => a.id === id);
    if (!acc) return;
    document.cookie = `activeAccount=${acc.id}; path=/; max-age=31536000; samesite=lax`;
    router.push(`/account/${acc.slug}`);
    router.refresh();
  };

  const items = navItems({ isLoggedIn, demo, hasAccounts: (accounts?.length ?? 0) > 0 });
  const title = site?.title || displayHost(site?.host ?? '');
  const drawerWidth = mobile ? DRAWER_WIDTH : rail ? RAIL_WIDTH : DRAWER_WIDTH;

  const nav = (
    <nav aria-label="Main" data-testid="nav-drawer" style={{ width: drawerWidth }} className="flex h-full flex-col gap-1 overflow-y-auto border-r border-[var(--border)] bg-[var(--surface)] py-2">
      {isLoggedIn && !demo && accounts && accounts.length > 0 && (!rail || mobile) && (
        <div className="px-3 pb-2">
          <label htmlFor="account-switcher" className="block text-xs text-muted">
            {t('nav.activeAccount')}
          </label>
          <select
            id="account-switcher"
            data-testid="account-switcher"
            className="mt-1 w-full rounded border border-[var(--border)] bg-[var(--surface)] p-1"
            value={activeAccount?.id ?? ''}
            onChange={(e) => chooseAccount(Number(e.target.value))}
          >
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {items.map((item) => {
        const active = item.href === pathname;
        const cls = `flex items-center gap-3 px-4 py-2 hover:bg-[var(--surface-2)] ${active ? 'font-semibold text-[var(--primary-ink)]' : ''}`;
        const label = t(item.key);
        const body = (
          <>
            <span aria-hidden className="w-6 text-center">
              {item.icon}
            </span>
            {(!rail || mobile) && <span>{label}</span>}
          </>
        );
        return item.action === 'logout' ? (
          <button key={item.key} type="button" onClick={logout} className={`${cls} text-left`} aria-label={label} data-testid="nav-logout">
            {body}
          </button>
        ) : (
          <Link key={item.key} href={item.href} prefetch={prefetch} className={cls} aria-label={label} aria-current={active ? 'page' : undefined}>
            {body}
          </Link>
        );
      })}
    </nav>
  );

  return (
    <div className="flex min-h-screen flex-col">
      <RouteProgress />
      <header className="sticky top-0 z-40 flex h-14 items-center gap-2 bg-[var(--color-primary)] px-2 text-white shadow">
        <button
          type="button"
          aria-label={t('shell.menu')}
          data-testid="menu-button"
          className="rounded p-2 hover:bg-white/20"
          onClick={() => (mobile || fullScreen ? setOpen((o) => !o) : setRail((r) => !r))}
        >
          <span aria-hidden>☰</span>
        </button>
        <Link href="/" prefetch={prefetch} className="flex items-center gap-2 text-xl font-bold" data-testid="site-title">
          {site?.logo ? (
            <img src={site.logo} alt={title || 'Home'} className="h-8" />
          ) : (
            <span>{title}</span>
          )}
        </Link>
        <div className="flex-1" />
        <ThemeToggle />
      </header>
      <div className="flex flex-1">
        {!mobile && !fullScreen && <aside className="sticky top-14 h-[calc(100vh-3.5rem)] shrink-0">{nav}</aside>}
        {(mobile || fullScreen) && open && (
          <TemporaryDrawer open onClose={() => setOpen(false)} closeLabel={t('shell.closeMenu')} label={t('shell.menu')}>
            {nav}
          </TemporaryDrawer>
        )}
        <main id="main" key={pathname} className="flex min-w-0 flex-1 flex-col">
          {children}
        </main>
      </div>
      <Footer />
      <LoadingOverlay />
      <Snackbar />
    </div>
  );
}
