import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hash } from '@node-rs/argon2';
import type { BrowserContext, Page } from '@playwright/test';
import { encode } from 'next-auth/jwt';
import pg from 'pg';

/**
 * Test data for end-to-end specs, written straight into the app's database
 * (a fresh one per run, see start-app.mjs), and a logged-in browser without
 * going through the login form (the auth specs test that form itself).
 */
export const E2E_SECRET = 'e2e-secret-e2e-secret-e2e-secret-0123456789';
const port = process.env.E2E_PORT ?? '3210';

let pool: pg.Pool | null = null;
export function e2eDb(): pg.Pool {
  if (!pool) {
    const { url } = JSON.parse(readFileSync(`test-results/e2e-db-${port}.json`, 'utf8')) as { url: string };
    pool = new pg.Pool({ connectionString: url, max: 3 });
  }
  return pool;
}

let n = 0;
export function uniqueName(prefix: string) {
  n += 1;
  return `${prefix}${Date.now().toString(36)}${process.pid}${n}`;
}

export type TE2eUser = { id: number; username: string; email: string; password: string };

/** An active user with a profile (optionally an account they administer). */
export async function createUser(opts: { username?: string; password?: string; withAccount?: boolean; mfaRequired?: boolean } = {}): Promise<TE2eUser & { account?: { id: number; slug: string; name: string } }> {
  const username = opts.username ?? uniqueName('e2e');
  const password = opts.password ?? 'Correct-Horse-Battery-9';
  const passwordHash = await hash(password.normalize('NFKC'), { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const db = e2eDb();
  const { rows } = await db.query(
    `INSERT INTO users (username, email, password_hash, is_active, updated_at) VALUES ($1, $2, $3, true, now()) RETURNING id`,
    [username, `${username}@example.test`, passwordHash],
  );
  const id = rows[0].id as number;
  await db.query(`INSERT INTO profiles (user_id, mfa_required, updated_at) VALUES ($1, $2, now())`, [id, !!opts.mfaRequired]);
  const user = { id, username, email: `${username}@example.test`, password };
  if (!opts.withAccount) return user;
  const plan = await db.query(`SELECT id FROM plans WHERE slug = 'trial'`);
  const name = `Account ${username}`;
  const acc = await db.query(
    `INSERT INTO accounts (name, slug, description, admin_id, plan_id, trial_ends_at, updated_at) VALUES ($1, $2, 'e2e', $3, $4, now() + interval '30 days', now()) RETURNING id, slug`,
    [name, `acc-${username}`.toLowerCase(), id, plan.rows[0]?.id ?? null],
  );
  await db.query(`INSERT INTO account_members (account_id, user_id, role, updated_at) VALUES ($1, $2, 'admin', now())`, [acc.rows[0].id, id]);
  return { ...user, account: { id: acc.rows[0].id, slug: acc.rows[0].slug, name } };
}

/** Puts a valid session cookie for `userId` into the browser context. */
export async function loginAs(context: BrowserContext, userId: number) {
  const sid = randomBytes(32).toString('base64url');
  await e2eDb().query(
    `INSERT INTO sessions (token_hash, user_id, expires_at, updated_at) VALUES ($1, $2, now() + interval '12 hours', now())`,
    [createHash('sha256').update(sid).digest('hex'), userId],
  );
  const value = await encode({ token: { sub: String(userId), sid }, secret: E2E_SECRET });
  await context.addCookies([{ name: 'mapspace.session', value, domain: 'localhost', path: '/', httpOnly: true, sameSite: 'Lax' }]);
}

/** Waits for a mail to `to` in the SMTP sink and returns its raw text. */
export async function waitForMail(to: string, match: RegExp = /./, timeoutMs = 15_000): Promise<string> {
  const { readdirSync } = await import('node:fs');
  const dir = 'test-results/mail';
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const f of readdirSync(dir).sort().reverse()) {
      const mail = JSON.parse(readFileSync(`${dir}/${f}`, 'utf8')) as { to: string[]; raw: string };
      if (mail.to.includes(to) && match.test(mail.raw)) return mail.raw;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} matching ${match} within ${timeoutMs} ms`);
}

/** The first http(s) link in a raw mail (quoted-printable soft breaks removed). */
export function linkIn(raw: string, pattern: RegExp): string {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const m = text.match(pattern);
  if (!m) throw new Error(`no link matching ${pattern}`);
  return m[0];
}

export async function gotoAndSettle(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('domcontentloaded');
}
