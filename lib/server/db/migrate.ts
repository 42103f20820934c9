import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

/**
 * Applies prisma/migrations/* the way `prisma migrate deploy` does: the same
 * `_prisma_migrations` table, checksum = sha256 of migration.sql, the same
 * advisory lock key (so the app and the Prisma CLI exclude each other), one
 * transaction per migration. Refuses to run when an applied migration's file
 * was edited or an earlier attempt failed.
 */
export const PRISMA_ADVISORY_LOCK_KEY = 72707369;

export class MigrationError extends Error {}

export type TMigrationResult = { applied: string[]; alreadyApplied: number };

type TMigrationFile = { name: string; sql: string; checksum: string };

export function readMigrations(dir: string): TMigrationFile[] {
  if (!existsSync(dir)) throw new MigrationError(`no migrations folder at ${dir}`);
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

type TAppliedRow = { migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null };

/** Applies pending migrations on `connectionString`; throws MigrationError on drift or failure. */
export async function applyMigrations(connectionString: string, dir: string): Promise<TMigrationResult> {
  const files = readMigrations(dir);
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_ADVISORY_LOCK_KEY]);
    try {
      await client.query(CREATE_TABLE);
      const { rows } = await client.query<TAppliedRow>(
        'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at',
      );
      const live = rows.filter((r) => r.rolled_back_at === null);
      const failed = live.find((r) => r.finished_at === null);
      if (failed) {
        throw new MigrationError(
          `migration ${failed.migration_name} failed earlier; fix the database and mark it rolled back (prisma migrate resolve --rolled-back ${failed.migration_name})`,
        );
      }
      const byName = new Map(files.map((f) => [f.name, f]));
      for (const row of live) {
        const file = byName.get(row.migration_name);
        if (file && file.checksum !== row.checksum) {
          throw new MigrationError(`migration ${row.migration_name} was edited after it was applied (checksum differs)`);
        }
      }
      const done = new Set(live.map((r) => r.migration_name));
      const applied: string[] = [];
      for (const file of files) {
        if (done.has(file.name)) continue;
        await applyOne(client, file);
        applied.push(file.name);
      }
      return { applied, alreadyApplied: done.size };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_ADVISORY_LOCK_KEY]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}

async function applyOne(client: pg.Client, file: TMigrationFile) {
  const id = randomUUID();
  await client.query('BEGIN');
  try {
    await client.query(
      'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)',
      [id, file.checksum, file.name],
    );
    await client.query(file.sql);
    await client.query('UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1', [id]);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw new MigrationError(`migration ${file.name} failed: ${(err as Error).message}`);
  }
}

/** How many migration files are not among the applied names (used by /api/health). */
export function pendingMigrationCount(appliedNames: string[], dir: string) {
  const done = new Set(appliedNames);
  return readMigrations(dir).filter((f) => !done.has(f.name)).length;
}
