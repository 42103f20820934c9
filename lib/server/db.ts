import 'server-only';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { config } from './config';

/**
 * The one Prisma client (adapter-pg). DATABASE_URL is always set by the time
 * this runs: scripts/entrypoint.ts starts the embedded PGlite and exports its
 * URL when the operator gave none. Timeouts make requests fail fast while
 * PostgreSQL is down or frozen instead of hanging (SECURITY.md, Failures).
 */
function createClient() {
  const cfg = config();
  if (!cfg.DATABASE_URL) throw new Error('DATABASE_URL is not set (start the app through scripts/entrypoint)');
  const adapter = new PrismaPg({
    connectionString: cfg.DATABASE_URL,
    max: cfg.DATABASE_POOL_SIZE,
    connectionTimeoutMillis: 2000,
    // A frozen database must not hold a request longer than ~3 s (SECURITY.md, Failures).
    query_timeout: 2500,
    statement_timeout: 2500,
    idleTimeoutMillis: 30_000,
  });
  const countQueries = process.env.PRISMA_COUNT_QUERIES === '1';
  const client = new PrismaClient({
    adapter,
    ...(countQueries ? { log: [{ emit: 'event' as const, level: 'query' as const }] } : {}),
    omit: {
      user: { passwordHash: true },
      mfaMethod: { secret: true, backupCodes: true, emailCodeHash: true },
      dataSource: { secrets: true },
    },
    transactionOptions: { maxWait: 2000, timeout: 5000 },
  });
  if (countQueries) {
    // Benchmarks and tests read the number of SQL statements per request from here.
    (client as unknown as { $on: (e: 'query', cb: () => void) => void }).$on('query', () => {
      queryCounter.count += 1;
    });
  }
  return client;
}

/** SQL statements issued since start (only counted when PRISMA_COUNT_QUERIES=1). */
export const queryCounter = { count: 0 };

export type TDb = ReturnType<typeof createClient>;
export type TTx = Parameters<Parameters<TDb['$transaction']>[0]>[0];

const globalForDb = globalThis as unknown as { __mapspaceDb?: TDb };

/** The shared client, created on first use and cached on globalThis (one pool per process). */
export function db(): TDb {
  if (!globalForDb.__mapspaceDb) globalForDb.__mapspaceDb = createClient();
  return globalForDb.__mapspaceDb;
}

/** Closes the pool (graceful shutdown, tests). */
export async function disconnectDb() {
  const client = globalForDb.__mapspaceDb;
  globalForDb.__mapspaceDb = undefined;
  await client?.$disconnect();
}
