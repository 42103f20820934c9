'use client';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { translate, type TLocale, type TMessageKey } from '@/lib/i18n/messages';

/**
 * The client store of SPEC §3 (site, demo, isLoggedIn, authUser, accounts,
 * activeAccount, snackBar, loading, loadText, userGroups, routeLoading). The
 * server fills it on every render; the token itself is an httpOnly cookie and
 * never reaches this store ([R3.11], on purpose).
 */
export type TSiteState = { title: string; logo: string; support_email: string; host: string } | null;
export type TAccountState = { id: number; name: string; slug: string; description: string; admin: number };
export type TAuthUser = { id: number; username: string; email: string; date_joined: string; last_login: string | null };
export type TSnack = { color: 'success' | 'error' | 'warning' | 'info'; show: boolean; text: string; timeout?: number };

export type TAppState = {
  site: TSiteState;
  demo: boolean;
  isLoggedIn: boolean;
  authUser: TAuthUser | null;
  accounts: TAccountState[] | null;
  activeAccount: TAccountState | null;
  snackBar: TSnack;
  loading: boolean;
  loadText: string;
  userGroups: { id: number; name: string; date_modified: string }[];
  userGroupsFlag: boolean;
  routeLoading: boolean;
  locale: TLocale;
};

type TActions = {
  showSnackbar: (text: string, color?: TSnack['color'], timeout?: number) => void;
  hideSnackbar: () => void;
  setLoading: (loading: boolean, loadText?: string) => void;
  setRouteLoading: (v: boolean) => void;
  setDemo: (v: boolean) => void;
  t: (key: TMessageKey, vars?: Record<string, string | number>) => string;
};

const Ctx = createContext<(TAppState & TActions) | null>(null);

export function AppStateProvider({ initial, children }: { initial: Omit<TAppState, 'snackBar' | 'loading' | 'loadText' | 'routeLoading'>; children: ReactNode }) {
  const [snackBar, setSnack] = useState<TSnack>({ color: 'info', show: false, text: '' });
  const [loading, setLoadingState] = useState(false);
  const [loadText, setLoadText] = useState('');
  const [routeLoading, setRouteLoading] = useState(false);
  const [demo, setDemoState] = useState(initial.demo);

  const showSnackbar = useCallback((text: string, color: TSnack['color'] = 'info', timeout?: number) => {
    setSnack({ text, color, show: true, timeout });
  }, []);
  const hideSnackbar = useCallback(() => setSnack((s) => ({ ...s, show: false })), []);
  const setLoading = useCallback((v: boolean, text?: string) => {
    setLoadingState(v);
    setLoadText(text ?? '');
  }, []);
  const setDemo = useCallback((v: boolean) => {
    setDemoState(v);
    try {
      if (v) localStorage.setItem('demo', 'true');
      else localStorage.removeItem('demo');
    } catch {
      /* storage unavailable */
    }
    document.cookie = v ? 'demo=true; path=/; samesite=lax' : 'demo=; path=/; max-age=0; samesite=lax';
  }, []);
  // Other parts of the page (map widgets, long uploads) drive the overlay through a DOM event.
  useEffect(() => {
    const onLoading = (e: Event) => {
      const d = (e as CustomEvent<{ loading: boolean; text?: string }>).detail;
      setLoading(!!d?.loading, d?.text);
    };
    window.addEventListener('mapspace:loading', onLoading);
    return () => window.removeEventListener('mapspace:loading', onLoading);
  }, [setLoading]);
  const t = useCallback((key: TMessageKey, vars?: Record<string, string | number>) => translate(initial.locale, key, vars), [initial.locale]);

  const value = useMemo(
    () => ({ ...initial, demo, snackBar, loading, loadText, routeLoading, showSnackbar, hideSnackbar, setLoading, setRouteLoading, setDemo, t }),
    [initial, demo, snackBar, loading, loadText, routeLoading, showSnackbar, hideSnackbar, setLoading, setDemo, t],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useAppState() {
  const v = useContext(Ctx);
  if (!v) throw new Error('useAppState outside AppStateProvider');
  return v;
}
