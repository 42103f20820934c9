import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { randomToken, sha256 } from '@/lib/server/crypto';
import { db } from '@/lib/server/db';
import { seed } from '@/lib/server/seed/seed';
import { createUser, unique } from '../../helpers/factories';

/** Fixtures of the data tests: an account with its admin, workspaces, groups, share links, all written straight to the DB. */
export type TUser = Awaited<ReturnType<typeof createUser>>;

let seeded: Promise<unknown> | null = null;
/** Seeds once per file; parallel files may race on the same upserts (unique violations), so retry a few times. */
export function ensureSeed() {
  seeded ??= (async () => {
    for (let attempt = 1; ; attempt++) {
      if ((await db().dataSourceType.count()) >= 8 && (await db().site.count()) > 0) return;
      try {
        await seed();
        return;
      } catch (err) {
        if (attempt >= 6) throw err;
        await new Promise((r) => setTimeout(r, attempt * 150));
      }
    }
  })();
  return seeded;
}

export async function typeId(code: string) {
  await ensureSeed();
  return (await db().dataSourceType.findUniqueOrThrow({ where: { code } })).id;
}

export async function accountWithAdmin() {
  await ensureSeed();
  const admin = await createUser();
  const account = await db().account.create({
    data: { name: unique('Acc'), slug: unique('acc'), adminId: admin.id, members: { create: { userId: admin.id, role: 'admin' } } },
    select: { id: true },
  });
  return { admin, accountId: account.id };
}

/** The data suites' world: the seed, one account with its admin, and a foreign account with its own admin. */
export async function twoAccounts() {
  const mine = await accountWithAdmin();
  return { ...mine, other: await accountWithAdmin() };
}

export async function addAccountMember(accountId: number, role: 'member' | 'admin' = 'member') {
  const user = await createUser();
  await db().accountMember.create({ data: { accountId, userId: user.id, role } });
  return user;
}

export async function workspace(accountId: number, adminId: number, name = unique('WS')) {
  return db().workspace.create({ data: { name, accountId, adminId }, select: { id: true, name: true } });
}

export async function dataSource(accountId: number, name = unique('DS'), code = 'xyz') {
  return db().dataSource.create({
    data: { accountId, name, typeId: await typeId(code), settings: { url: 'https://tiles.example/{z}/{x}/{y}.png' } },
    select: { id: true, name: true },
  });
}

export async function shareLink(workspaceId: number) {
  const token = randomToken(24);
  await db().shareLink.create({ data: { workspaceId, tokenHash: sha256(token) } });
  return token;
}

/**
 * Swaps the shared Prisma client for one that emits query events, so a test
 * can count SQL statements; returns a reader and a restore function.
 */
export function countQueries() {
  const g = globalThis as unknown as { __mapspaceDb?: unknown };
  const previous = g.__mapspaceDb;
  const client = new PrismaClient({
    adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }),
    omit: { user: { passwordHash: true }, mfaMethod: { secret: true, backupCodes: true, emailCodeHash: true }, dataSource: { secrets: true } },
    log: [{ emit: 'event', level: 'query' }],
  });
  let count = 0;
  const statements: string[] = [];
  client.$on('query', (e) => {
    count += 1;
    statements.push(e.query);
  });
  g.__mapspaceDb = client;
  return {
    reset: () => {
      count = 0;
      statements.length = 0;
    },
    count: () => count,
    statements,
    restore: async () => {
      g.__mapspaceDb = previous;
      await client.$disconnect();
    },
  };
}
