import 'server-only';
import { db } from '../db';

export type TSite = {
  id: number;
  site: string;
  title: string;
  logo: string;
  support_email: string;
  analytics: { kind: string; url: string; site: string } | null;
};

const SELECT = { id: true, origin: true, title: true, logo: true, supportEmail: true, analyticsKind: true, analyticsUrl: true, analyticsSite: true } as const;

function serialize(s: { id: number; origin: string; title: string; logo: string; supportEmail: string; analyticsKind: string; analyticsUrl: string; analyticsSite: string }): TSite {
  return {
    id: s.id,
    site: s.origin,
    title: s.title,
    logo: s.logo,
    support_email: s.supportEmail,
    analytics: s.analyticsKind && s.analyticsUrl ? { kind: s.analyticsKind, url: s.analyticsUrl, site: s.analyticsSite } : null,
  };
}

/** The site record for a page origin ([R3.09]); an unknown origin gets the default site. Public data. */
export async function findSiteByOrigin(origin: string): Promise<TSite | null> {
  const normalized = normalizeOrigin(origin);
  const exact = normalized ? await db().site.findUnique({ where: { origin: normalized }, select: SELECT }) : null;
  if (exact) return serialize(exact);
  const fallback = await db().site.findFirst({ where: { isDefault: true }, select: SELECT, orderBy: { id: 'asc' } });
  return fallback ? serialize(fallback) : null;
}

/** True when `origin` is a configured site (reset links are only built on known origins). */
export async function isKnownSiteOrigin(origin: string): Promise<boolean> {
  const normalized = normalizeOrigin(origin);
  if (!normalized) return false;
  return (await db().site.count({ where: { origin: normalized } })) > 0;
}

export function normalizeOrigin(origin: string): string | null {
  try {
    const u = new URL(origin);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return u.origin;
  } catch {
    return null;
  }
}
