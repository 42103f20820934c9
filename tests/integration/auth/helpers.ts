import { execFileSync } from 'node:child_process';
import { POST as confirmRoute } from '@/app/auth/[method]/activate/confirm/route';
import { POST as activateRoute } from '@/app/auth/[method]/activate/route';
import { POST as loginRoute } from '@/app/auth/login/route';
import { db } from '@/lib/server/db';
import { call } from '../../helpers/http';

/** TOTP from Debian's oathtool (an implementation independent of otplib); `offset` in steps. */
export function oathtool(secret: string, offset = 0, epochSeconds = Math.floor(Date.now() / 1000)): string {
  return execFileSync('oathtool', ['--totp', '-b', '-N', `@${epochSeconds + offset * 30}`, secret], { encoding: 'utf8' }).trim();
}

/** Waits until at least `margin` seconds remain in the current 30 s step, so step arithmetic in a test is stable. */
export async function awayFromStepEdge(margin = 5) {
  const left = 30 - (Math.floor(Date.now() / 1000) % 30);
  if (left < margin) await new Promise((r) => setTimeout(r, left * 1000 + 200));
}

export function secretOf(uri: string): string {
  const m = /secret=([A-Z2-7]+)/.exec(uri);
  if (!m) throw new Error(`no secret in ${uri}`);
  return m[1];
}

/** Activates and confirms the authenticator app for a user; returns the secret, backup codes and the confirm step's epoch. */
export async function enableApp(token: string, headers?: Record<string, string>) {
  const act = await call(activateRoute, '/auth/app/activate/', { method: 'POST', token, params: { method: 'app' }, headers });
  if (act.status !== 200) throw new Error(`activate ${act.status} ${act.text}`);
  const secret = secretOf(act.body.details);
  await awayFromStepEdge();
  const now = Math.floor(Date.now() / 1000);
  const conf = await call(confirmRoute, '/auth/app/activate/confirm/', { token, params: { method: 'app' }, body: { code: oathtool(secret, 0, now) }, headers });
  if (conf.status !== 200) throw new Error(`confirm ${conf.status} ${conf.text}`);
  return { secret, backupCodes: conf.body.backup_codes as string[], confirmedAt: now };
}

/** Makes the user's stored last TOTP step older, so a test can use the current step again without waiting 30 s. */
export async function forgetLastStep(userId: number) {
  await db().mfaMethod.updateMany({ where: { userId }, data: { lastUsedStep: null } });
}

export async function loginStep1(username: string, password: string, headers?: Record<string, string>) {
  return call(loginRoute, '/auth/login/', { body: { username, password }, headers });
}

/** seed(), retried once: two test files seeding at the same moment can race on the unique site origin. */
export async function seedSafely() {
  const { seed } = await import('@/lib/server/seed/seed');
  try {
    await seed();
  } catch {
    await seed();
  }
}
