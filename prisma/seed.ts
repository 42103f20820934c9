/**
 * `prisma db seed` ([D.07]): seeds the database the app uses. Without
 * DATABASE_URL it connects to the running embedded PostgreSQL, or starts it.
 * Safe to run twice.
 */
import { join } from 'node:path';
import { parseConfig, type TConfig } from '../lib/server/config';
import { startEmbeddedDb } from '../lib/server/db/embedded';
import { applyMigrations } from '../lib/server/db/migrate';
import { disconnectDb } from '../lib/server/db';
import { seed } from '../lib/server/seed/seed';

async function main() {
  let cfg = parseConfig(process.env);
  const embedded = cfg.DATABASE_URL ? null : await startEmbeddedDb(cfg.EMBEDDED_DB_DIR, 10);
  if (embedded) cfg = { ...cfg, DATABASE_URL: embedded.url };
  (globalThis as unknown as { __mapspaceConfig?: TConfig }).__mapspaceConfig = cfg;
  await applyMigrations(cfg.DATABASE_URL!, join(process.cwd(), 'prisma/migrations'));
  await seed();
  await disconnectDb();
  await embedded?.stop();
  console.log('seed: done');
}

main().catch((err) => {
  console.error(`seed: ${(err as Error).message}`);
  process.exit(1);
});
