import { defineConfig } from 'prisma/config';

// DATABASE_URL is optional: without it the app runs an embedded PostgreSQL
// (PGlite) and the seed connects to the same one (lib/server/db/embedded.ts).
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: {
    path: 'prisma/migrations',
    seed: 'node --conditions=react-server --import tsx prisma/seed.ts',
  },
  ...(process.env.DATABASE_URL ? { datasource: { url: process.env.DATABASE_URL } } : {}),
});
