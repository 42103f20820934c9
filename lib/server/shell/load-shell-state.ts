import 'server-only';
import { cookies, headers } from 'next/headers';
import { cache } from 'react';
import type { TLocale } from '@/lib/i18n/messages';
import { authenticateCookie } from '../auth/authenticate';
import { sessionCookieName } from '../auth/session';
import { db } from '../db';
import { findSiteByOrigin } from '../sites/get-site';

/**
 * What every page's shell needs, read once per request ([R1.04]): the site
 * record for this origin; when logged in, the user, their accounts, the
 * active account (cookie, else the first) and its user groups.
 */
export const getViewer = cache(async () => {
  const jar = await cookies();
  const auth = await authenticateCookie(jar.get(sessionCookieName())?.value);
  return auth;
});

export const loadShellState = cache(async () => {
  const h = await headers();
  const jar = await cookies();
  const host = h.get('x-forwarded-host') ?? h.get('host') ?? 'localhost';
  const proto = h.get('x-forwarded-proto') ?? 'http';
  const site = await findSiteByOrigin(`${proto}://${host}`).catch(() => null);
  const auth = await getViewer().catch(() => null);
  const locale: TLocale = jar.get('lang')?.value === 'nl' ? 'nl' : 'en';
  const theme = jar.get('theme')?.value === 'dark' ? 'dark' : 'light';
  const base = {
    site: site ? { title: site.title, logo: site.logo, support_email: site.support_email, host } : { title: '', logo: '', support_email: '', host },
    analytics: site?.analytics ?? null,
    locale,
    theme,
    demo: jar.get('demo')?.value === 'true',
  };
  if (!auth) {
    return { ...base, isLoggedIn: false, authUser: null, accounts: null, activeAccount: null, userGroups: [] };
  }
  const userId = auth.user.id;
  const [user, accounts] = await Promise.all([
    db().user.findUnique({ where: { id: userId }, select: { id: true, username: true, email: true, dateJoined: true, lastLogin: true } }),
    db().account.findMany({
      where: { OR: [{ adminId: userId }, { members: { some: { userId } } }] },
      select: { id: true, name: true, slug: true, description: true, adminId: true },
      orderBy: { id: 'asc' },
    }),
  ]);
  const shaped = accounts.map((a) => ({ id: a.id, name: a.name, slug: a.slug, description: a.description, admin: a.adminId }));
  const activeId = Number(jar.get('activeAccount')?.value);
  const activeAccount = shaped.find((a) => a.id === activeId) ?? shaped[0] ?? null;
  const groups = activeAccount
    ? await db().userGroup.findMany({ where: { accountId: activeAccount.id }, select: { id: true, name: true, updatedAt: true }, orderBy: { name: 'asc' } })
    : [];
  return {
    ...base,
    isLoggedIn: true,
    authUser: user
      ? { id: user.id, username: user.username, email: user.email, date_joined: user.dateJoined.toISOString(), last_login: user.lastLogin?.toISOString() ?? null }
      : null,
    accounts: shaped,
    activeAccount,
    userGroups: groups.map((g) => ({ id: g.id, name: g.name, date_modified: g.updatedAt.toISOString() })),
  };
});
