import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { applyMigrations, MigrationError, readMigrations } from '@/lib/server/db/migrate';
import { createDatabase, dropDatabase, MIGRATIONS_DIR } from '../../setup/test-db';

const made: string[] = [];
async function freshDb() {
  const db = await createDatabase('mapspace_migr');
  made.push(db.name);
  return db;
}
afterAll(async () => {
  for (const name of made) await dropDatabase(name);
});

async function rows(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query('SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY started_at')).rows;
  } finally {
    await c.end();
  }
}

describe('migration runner (prisma migrate deploy compatible)', () => {
  test('[D.06] applies every migration on an empty database and records it like prisma migrate deploy', async () => {
    const db = await freshDb();
    const res = await applyMigrations(db.url, MIGRATIONS_DIR);
    const files = readMigrations(MIGRATIONS_DIR);
    expect(res.applied).toEqual(files.map((f) => f.name));
    const recorded = await rows(db.url);
    expect(recorded.map((r) => r.migration_name)).toEqual(files.map((f) => f.name));
    for (const [i, r] of recorded.entries()) {
      expect(r.checksum).toBe(files[i].checksum);
      expect(r.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(r.finished_at).not.toBeNull();
      expect(r.applied_steps_count).toBe(1);
    }
  });

  test('a second run is a no-op', async () => {
    const db = await freshDb();
    await applyMigrations(db.url, MIGRATIONS_DIR);
    const again = await applyMigrations(db.url, MIGRATIONS_DIR);
    expect(again.applied).toEqual([]);
    expect(again.alreadyApplied).toBe(readMigrations(MIGRATIONS_DIR).length);
  });

  test('refuses to start when an applied migration file was edited', async () => {
    const db = await freshDb();
    await applyMigrations(db.url, MIGRATIONS_DIR);
    const dir = mkdtempSync(join(tmpdir(), 'migr-'));
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const first = readMigrations(dir)[0];
    writeFileSync(join(dir, first.name, 'migration.sql'), first.sql + '\n-- edited\n');
    await expect(applyMigrations(db.url, dir)).rejects.toThrow(MigrationError);
    await expect(applyMigrations(db.url, dir)).rejects.toThrow(/was edited after it was applied/);
  });

  test('a failing migration rolls back entirely and blocks later starts', async () => {
    const db = await freshDb();
    const dir = mkdtempSync(join(tmpdir(), 'migr-'));
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    const bad = join(dir, '29990101000000_broken');
    cpSync(join(dir, readMigrations(dir)[0].name), bad, { recursive: true });
    writeFileSync(join(bad, 'migration.sql'), 'CREATE TABLE half_done (id int);\nSELECT no_such_function();\n');
    await expect(applyMigrations(db.url, dir)).rejects.toThrow(/29990101000000_broken failed/);
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const t = await c.query("SELECT to_regclass('public.half_done') AS t");
    await c.end();
    expect(t.rows[0].t).toBeNull();
  });

  test('two instances starting at once apply each migration exactly once (advisory lock)', async () => {
    const db = await freshDb();
    const [a, b] = await Promise.all([applyMigrations(db.url, MIGRATIONS_DIR), applyMigrations(db.url, MIGRATIONS_DIR)]);
    const total = readMigrations(MIGRATIONS_DIR).length;
    expect(a.applied.length + b.applied.length).toBe(total);
    const recorded = await rows(db.url);
    expect(recorded).toHaveLength(total);
  });
});
