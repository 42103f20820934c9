import 'server-only';
import Redis from 'ioredis';
import pg from 'pg';
import { RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { config } from '../config';
import { ApiError } from '../http/errors';
import { log } from '../log';

/**
 * Rate limits shared by every app instance: rate-limiter-flexible's
 * PostgreSQL store on the `rate_limit_buckets` table, or Redis when
 * REDIS_URL is set. Checked before any password hashing so a flood costs
 * little. Temporary locks only.
 */
export type TRule = { name: string; points: number; duration: number; blockDuration?: number };

const ipPerMinute = () => Number(process.env.RATE_LIMIT_IP_PER_MIN) || 60;

export const RULES = {
  /** Every login attempt per client IP. */
  loginIp: (): TRule => ({ name: 'login_ip', points: ipPerMinute(), duration: 60 }),
  /** Failed logins per username: 10 in 15 min locks that name for 15 min. */
  loginFail: (): TRule => ({ name: 'login_fail', points: 10, duration: 900, blockDuration: 900 }),
  /** Failed second-factor codes per user count toward their own lock. */
  codeFail: (): TRule => ({ name: 'code_fail', points: 10, duration: 900, blockDuration: 900 }),
  register: (): TRule => ({ name: 'register_ip', points: Math.max(20, Math.floor(ipPerMinute() / 3)), duration: 60 }),
  reset: (): TRule => ({ name: 'reset_ip', points: Math.max(20, Math.floor(ipPerMinute() / 3)), duration: 60 }),
  resetEmail: (): TRule => ({ name: 'reset_email', points: 5, duration: 3600 }),
  activation: (): TRule => ({ name: 'activation_ip', points: ipPerMinute(), duration: 60 }),
  mfaCodeMail: (): TRule => ({ name: 'mfa_mail', points: 5, duration: 600 }),
} as const;

type TStore = { pool?: pg.Pool; redis?: Redis; limiters: Map<string, RateLimiterAbstract> };
const g = globalThis as unknown as { __mapspaceRl?: TStore };

function store(): TStore {
  if (!g.__mapspaceRl) {
    const cfg = config();
    if (cfg.REDIS_URL) {
      const redis = new Redis(cfg.REDIS_URL, { enableOfflineQueue: true, maxRetriesPerRequest: 1, connectTimeout: 2000, commandTimeout: 2000 });
      redis.on('error', (err) => log.warn('rate_limit.redis_error', { message: err.message }));
      g.__mapspaceRl = { redis, limiters: new Map() };
    } else {
      const pool = new pg.Pool({ connectionString: cfg.DATABASE_URL, max: 3, connectionTimeoutMillis: 2000, query_timeout: 3000 });
      pool.on('error', (err) => log.warn('rate_limit.pool_error', { message: err.message }));
      g.__mapspaceRl = { pool, limiters: new Map() };
    }
  }
  return g.__mapspaceRl;
}

function limiter(rule: TRule): RateLimiterAbstract {
  const s = store();
  const id = `${rule.name}:${rule.points}:${rule.duration}:${rule.blockDuration ?? 0}`;
  let l = s.limiters.get(id);
  if (!l) {
    // No in-memory block on consume: the store stays the one truth, so clearing
    // or lifting a limit there takes effect on every instance at once.
    const common = { keyPrefix: rule.name, points: rule.points, duration: rule.duration, blockDuration: rule.blockDuration ?? 0 };
    l = s.redis
      ? new RateLimiterRedis({ storeClient: s.redis, ...common })
      : new RateLimiterPostgres({
          storeClient: s.pool,
          storeType: 'pool',
          tableName: 'rate_limit_buckets',
          tableCreated: true,
          clearExpiredByTimeout: false,
          ...common,
        });
    s.limiters.set(id, l);
  }
  return l;
}

/** Closes the limiter's connections (graceful shutdown, tests). */
export async function closeRateLimitStore() {
  const s = g.__mapspaceRl;
  g.__mapspaceRl = undefined;
  await s?.pool?.end().catch(() => {});
  s?.redis?.disconnect();
}

function disabled() {
  return config().RATE_LIMIT_DISABLED;
}

function throttled(res: RateLimiterRes, rule: TRule, key: string, quiet = false): never {
  // Logged when the store refuses; refusals answered from memory stay quiet (a flood must not flood the log).
  if (!quiet) log.warn('rate_limit.throttled', { rule: rule.name, keyHash: key.length });
  throw ApiError.throttled(res.msBeforeNext / 1000);
}

/** Spends one point of `rule` for `key`; throws 429 (with Retry-After) once the budget is gone. */
export async function consume(rule: TRule, key: string) {
  if (disabled()) return;
  try {
    await limiter(rule).consume(key.toLowerCase(), 1);
  } catch (err) {
    if (err instanceof RateLimiterRes) throttled(err, rule, key);
    throw err;
  }
}

/**
 * Keys this process has seen throttled, with the time their lock ends: a
 * flood against a locked username is answered from memory. Entries live at
 * most LOCAL_BLOCK_MAX_MS, so a lock lifted elsewhere is honoured here soon
 * after; the map is bounded so many names cannot grow it without limit.
 */
const LOCAL_BLOCK_MAX_MS = 10_000;
const LOCAL_BLOCK_MAX_KEYS = 10_000;
const localBlocks = new Map<string, { checkAgainAt: number; lockEndsAt: number }>();

function localBlockKey(rule: TRule, key: string) {
  return `${rule.name}:${key.toLowerCase()}`;
}

/** Throws 429 when `key` has no points left, without spending one. */
export async function assertAllowed(rule: TRule, key: string) {
  if (disabled()) return;
  const lk = localBlockKey(rule, key);
  const cached = localBlocks.get(lk);
  if (cached) {
    const now = Date.now();
    if (cached.checkAgainAt > now) throttled(new RateLimiterRes(0, cached.lockEndsAt - now), rule, key, true);
    localBlocks.delete(lk);
  }
  const res = await limiter(rule).get(key.toLowerCase());
  if (res && res.consumedPoints >= rule.points && res.msBeforeNext > 0) {
    if (localBlocks.size >= LOCAL_BLOCK_MAX_KEYS) localBlocks.delete(localBlocks.keys().next().value!);
    const now = Date.now();
    localBlocks.set(lk, { checkAgainAt: now + Math.min(res.msBeforeNext, LOCAL_BLOCK_MAX_MS), lockEndsAt: now + res.msBeforeNext });
    throttled(res, rule, key);
  }
}

/** Forgets the counter (after a successful login). */
export async function resetLimit(rule: TRule, key: string) {
  if (disabled()) return;
  localBlocks.delete(localBlockKey(rule, key));
  await limiter(rule).delete(key.toLowerCase());
}
