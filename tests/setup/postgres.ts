import type { TestProject } from 'vitest/node';
import { createMigratedDatabase, dropDatabase } from './test-db';

/** One fresh, migrated PostgreSQL database for the whole integration run, dropped afterwards. */
export default async function setup(project: TestProject) {
  const db = await createMigratedDatabase('mapspace_test');
  project.provide('databaseUrl', db.url);
  return async () => {
    if (!process.env.KEEP_TEST_DB) await dropDatabase(db.name);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    databasePoolSize?: string;
  }
}
