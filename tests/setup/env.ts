import { inject } from 'vitest';

// Settings every integration test runs with (the database URL comes from the global setup).
process.env.APP_URL ??= 'http://localhost:3000';
process.env.AUTH_SECRET ??= 'test-secret-test-secret-test-secret-0123456789';
process.env.NEXTAUTH_SECRET ??= process.env.AUTH_SECRET;
process.env.NEXTAUTH_URL ??= process.env.APP_URL;
process.env.RATE_LIMIT_IP_PER_MIN ??= '100000';
process.env.LOG_LEVEL ??= 'error';
process.env.MAIL_OUTBOX_DIR ??= `/tmp/mapspace-test-mail-${process.pid}`;
process.env.UPLOAD_DIR ??= `/tmp/mapspace-test-uploads-${process.pid}`;
(process.env as Record<string, string>).NODE_ENV = 'test';

// Each project's global setup provides its own database (PostgreSQL or PGlite).
process.env.DATABASE_URL = inject('databaseUrl');
const pool = inject('databasePoolSize');
if (pool) process.env.DATABASE_POOL_SIZE = pool;
