import { describe, expect, test } from 'vitest';
import { GET as getHealth } from '@/app/api/health/route';
import { db } from '@/lib/server/db';
import { seed } from '@/lib/server/seed/seed';
import { call } from '../../helpers/http';

describe('embedded PostgreSQL (PGlite) path', () => {
  test('[D.06] the same client, migrations and seed work on PGlite with DATABASE_URL unset', async () => {
    expect(process.env.DATABASE_URL).toMatch(/^postgresql:\/\/postgres:postgres@127\.0\.0\.1:\d+\/postgres/);
    await seed();
    const res = await call(getHealth, '/api/health');
    expect(res.body).toEqual({ status: 'ok', database: 'ok', pendingMigrations: 0 });
    expect(await db().workspace.count()).toBeGreaterThanOrEqual(3);
    // A transaction and concurrent queries from the same pool do not deadlock on the single PGlite session.
    const results = await Promise.all(Array.from({ length: 20 }, () => db().user.count()));
    expect(new Set(results).size).toBe(1);
  });
});
