import { mkdtempSync, rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedDb } from '../../lib/server/db/embedded';
import { applyMigrations } from '../../lib/server/db/migrate';
import { MIGRATIONS_DIR } from './test-db';

/** The embedded path: PGlite with its socket server in a temporary folder, migrated by our runner. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'mapspace-pglite-'));
  const embedded = await startEmbeddedDb(join(dir, 'db'), 20);
  await applyMigrations(embedded.url, MIGRATIONS_DIR);
  project.provide('databaseUrl', embedded.url);
  project.provide('databasePoolSize', '5');
  return async () => {
    await embedded.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
