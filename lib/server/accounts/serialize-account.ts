import 'server-only';
import type { TAccountWire } from '@/lib/wire-types';

/** The columns an account answer needs; every account query selects exactly these. */
export const ACCOUNT_SELECT = {
  id: true,
  name: true,
  slug: true,
  description: true,
  adminId: true,
  trialEndsAt: true,
  plan: { select: { id: true, name: true, slug: true } },
} as const;

type TAccountRow = {
  id: number;
  name: string;
  slug: string;
  description: string;
  adminId: number;
  trialEndsAt: Date | null;
  plan: { id: number; name: string; slug: string } | null;
};

/** An account row as the API answers it ([R3.03]). */
export function serializeAccount(a: TAccountRow): TAccountWire {
  return {
    id: a.id,
    name: a.name,
    slug: a.slug,
    description: a.description,
    admin: a.adminId,
    plan: a.plan ? { id: a.plan.id, name: a.plan.name, slug: a.plan.slug } : null,
    trial_ends_at: a.trialEndsAt ? a.trialEndsAt.toISOString() : null,
  };
}
