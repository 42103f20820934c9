import 'server-only';
import { z } from 'zod';
import { loadDevSecret } from './dev-secret';

/**
 * Every setting the server reads, validated once. A bad value stops the app
 * with one line naming the variable (see scripts/entrypoint.ts).
 */
const ZBool = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1');

const ZPostgresUrl = z
  .string()
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'postgres:' || u.protocol === 'postgresql:') && !!u.hostname;
    } catch {
      return false;
    }
  }, 'must be a postgresql://user@host:port/db URL');

const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: ZPostgresUrl.optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  EMBEDDED_DB_DIR: z.string().default('./data/pglite'),
  APP_URL: z.url().default('http://localhost:3000'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Mapspace <no-reply@localhost>'),
  MAIL_OUTBOX_DIR: z.string().default('./data/mail'),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  REDIS_URL: z.string().optional(),
  TRUST_PROXY: ZBool.default(false),
  UPLOAD_DIR: z.string().default('./data/uploads'),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).default(50 * 1024 * 1024),
  JSON_BODY_MAX_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
  SEED_ON_START: ZBool.default(true),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  RATE_LIMIT_DISABLED: ZBool.default(false),
});

export type TConfig = z.infer<typeof ZConfig> & { AUTH_SECRET: string };

export class ConfigError extends Error {}

/** Parses an environment; throws ConfigError with one line naming the first bad variable. */
export function parseConfig(env: NodeJS.ProcessEnv): TConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const res = ZConfig.safeParse(cleaned);
  if (!res.success) {
    const issue = res.error.issues[0];
    throw new ConfigError(`invalid setting ${issue.path.join('.')}: ${issue.message}`);
  }
  const cfg = res.data;
  let secret = cfg.AUTH_SECRET;
  if (!secret) {
    // A generated secret is fine on a developer's machine; a deployment on a real host must set one.
    const local = ['localhost', '127.0.0.1', '[::1]'].includes(new URL(cfg.APP_URL).hostname);
    if (cfg.NODE_ENV === 'production' && !local) {
      throw new ConfigError('invalid setting AUTH_SECRET: required when APP_URL is not localhost (openssl rand -hex 32)');
    }
    secret = loadDevSecret();
  }
  return { ...cfg, AUTH_SECRET: secret };
}

const globalForConfig = globalThis as unknown as { __mapspaceConfig?: TConfig };

/** The process-wide configuration, parsed on first use. */
export function config(): TConfig {
  if (!globalForConfig.__mapspaceConfig) globalForConfig.__mapspaceConfig = parseConfig(process.env);
  return globalForConfig.__mapspaceConfig;
}
