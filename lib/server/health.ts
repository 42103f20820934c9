import 'server-only';
import { join } from 'node:path';
import { db } from './db';
import { pendingMigrationCount } from './db/migrate';

/** Database round trip (bounded to 2 s) and pending migrations; never throws. */
export async function checkHealth(): Promise<{ status: 'ok' | 'unavailable'; database: string; pendingMigrations: number | null }> {
  const dir = process.env.MIGRATIONS_DIR ?? join(process.cwd(), 'prisma/migrations');
  try {
    const pending = await Promise.race([
      db()
        .$queryRaw<{ migration_name: string }[]>`SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`
        .then((rows) => pendingMigrationCount(rows.map((r) => r.migration_name), dir)),
      new Promise<never>((_, rej) => setTimeout(() => rej(new Error('timeout')), 2000)),
    ]);
    return { status: pending === 0 ? 'ok' : 'unavailable', database: 'ok', pendingMigrations: pending };
  } catch {
    return { status: 'unavailable', database: 'unreachable', pendingMigrations: null };
  }
}
