import type { TMessageKey } from '@/lib/i18n/messages';

/** Menu entries ([R2.23], [R4.05]): logged out vs logged in; demo mode shows only Shared Workspaces, Profile and Logout. */
export type TNavItem = { key: TMessageKey; href: string; icon: string; action?: 'logout' };

export function navItems(opts: { isLoggedIn: boolean; demo: boolean; hasAccounts: boolean }): TNavItem[] {
  if (!opts.isLoggedIn) {
    return [
      { key: 'nav.login', href: '/login', icon: '⇥' },
      { key: 'nav.register', href: '/register', icon: '✚' },
    ];
  }
  const shared: TNavItem = { key: 'nav.shared', href: '/shared', icon: '⇄' };
  const profile: TNavItem = { key: 'nav.profile', href: '/profile', icon: '☺' };
  const logout: TNavItem = { key: 'nav.logout', href: '/', icon: '⇤', action: 'logout' };
  if (opts.demo) return [shared, profile, logout];
  if (!opts.hasAccounts) return [{ key: 'nav.createAccount', href: '/account/create', icon: '✚' }, shared, profile, logout];
  return [
    { key: 'nav.home', href: '/', icon: '⌂' },
    shared,
    { key: 'nav.datasources', href: '/datasources', icon: '⛁' },
    { key: 'nav.layers', href: '/layers', icon: '☰' },
    { key: 'nav.usergroups', href: '/usergroups', icon: '☷' },
    { key: 'nav.accounts', href: '/accounts', icon: '▦' },
    { key: 'nav.createAccount', href: '/account/create', icon: '✚' },
    profile,
    logout,
  ];
}
