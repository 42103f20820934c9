import 'server-only';
import type { TAccountCreate } from '@/lib/schemas/tenancy';
import type { TAccountWire } from '@/lib/wire-types';
import { db, type TTx } from '../db';
import { log } from '../log';
import { PLANS } from '../seed/data';
import { ACCOUNT_SELECT, serializeAccount } from './serialize-account';
import { nextFreeSlug, slugify } from './slugify';

export const TRIAL_DAYS = 30;

/** The free trial plan, created from the seed data when a fresh database has none. */
export async function trialPlan(tx: TTx) {
  const existing = await tx.plan.findUnique({ where: { slug: 'trial' }, select: { id: true, trialDays: true } });
  if (existing) return existing;
  const data = PLANS.find((p) => p.slug === 'trial')!;
  return tx.plan.upsert({ where: { slug: 'trial' }, update: {}, create: data, select: { id: true, trialDays: true } });
}

/**
 * Creates an account administered by `userId` ([R6.03]; any `admin` in the
 * request is ignored) with a unique, stable slug from the name, the free
 * trial plan ending 30 days from now, and the creator as an 'admin' member.
 * Retries on a concurrent slug clash; no access check beyond being a user.
 */
export async function createAccount(userId: number, input: TAccountCreate): Promise<TAccountWire> {
  const base = slugify(input.name);
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await db().$transaction(async (tx) => {
        const plan = await trialPlan(tx);
        const taken = await tx.account.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } });
        const slug = nextFreeSlug(base, taken.map((t) => t.slug));
        return tx.account.create({
          data: {
            name: input.name,
            description: input.description,
            slug,
            adminId: userId,
            planId: plan.id,
            trialEndsAt: new Date(Date.now() + (plan.trialDays ?? TRIAL_DAYS) * 86_400_000),
            members: { create: { userId, role: 'admin' } },
          },
          select: ACCOUNT_SELECT,
        });
      });
      log.info('account.created', { accountId: row.id });
      return serializeAccount(row);
    } catch (err) {
      if ((err as { code?: string }).code === 'P2002' && attempt < 5) continue;
      throw err;
    }
  }
}
