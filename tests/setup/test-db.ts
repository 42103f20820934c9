import { join } from 'node:path';
import pg from 'pg';
import { applyMigrations } from '../../lib/server/db/migrate';

/** The server tests create their databases on (trust auth on loopback here). */
export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
export const MIGRATIONS_DIR = join(process.cwd(), 'prisma/migrations');

export function urlFor(database: string): string {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Creates an empty database with a unique name; returns its name and URL. */
export async function createDatabase(prefix: string): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${Date.now().toString(36)}_${process.pid}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  return { name, url: urlFor(name) };
}

export async function dropDatabase(name: string) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** A fresh, migrated database. */
export async function createMigratedDatabase(prefix: string) {
  const db = await createDatabase(prefix);
  await applyMigrations(db.url, MIGRATIONS_DIR);
  return db;
}
