import { beforeAll, describe, expect, test } from 'vitest';
import { POST as regenerate } from '@/app/auth/[method]/codes/regenerate/route';
import { POST as confirm } from '@/app/auth/[method]/activate/confirm/route';
import { POST as activate } from '@/app/auth/[method]/activate/route';
import { POST as deactivate } from '@/app/auth/[method]/deactivate/route';
import { POST as codeRequest } from '@/app/auth/code/request/route';
import { POST as loginCode } from '@/app/auth/login/code/route';
import { POST as login } from '@/app/auth/login/route';
import { POST as changePrimary } from '@/app/auth/mfa/change-primary-method/route';
import { GET as mfaConfig } from '@/app/auth/mfa/config/route';
import { GET as activeMethods } from '@/app/auth/mfa/user-active-methods/route';
import { GET as extendUsers } from '@/app/api/extendUsers/route';
import { decrypt } from '@/lib/server/crypto';
import { db } from '@/lib/server/db';
import { createUser, sessionCookie } from '../../helpers/factories';
import { call } from '../../helpers/http';
import { awayFromStepEdge, enableApp, forgetLastStep, oathtool, secretOf, seedSafely } from './helpers';

beforeAll(async () => {
  await seedSafely();
});

/** The e-mail code of the newest mfa-code mail to `to` from the outbox table. */
async function lastMailCode(to: string): Promise<string> {
  const row = await db().mailOutbox.findFirst({ where: { to, kind: 'mfa-code' }, orderBy: { id: 'desc' } });
  const m = /^(\d{6})/.exec(row?.text ?? '');
  if (!m) throw new Error('no code mail');
  return m[1];
}

describe('authenticator app', () => {
  test('[R7.16] [R4.08] [D.03] activate answers the otpauth URI with issuer = site title and a 32-char base32 secret, encrypted at rest', async () => {
    const u = await createUser();
    const res = await call(activate, '/auth/app/activate/', { token: u.token, params: { method: 'app' } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['details']);
    expect(res.body.details).toMatch(new RegExp(`^otpauth://totp/Mapspace:${u.username}\\?secret=[A-Z2-7]{32}&issuer=Mapspace$`));
    const again = await call(activate, '/auth/app/activate', { token: u.token, params: { method: 'app' } });
    expect(again.body.details).toBe(res.body.details);
    const row = await db().mfaMethod.findFirstOrThrow({ where: { userId: u.id, name: 'app' }, select: { secret: true } });
    expect(row.secret).not.toContain(secretOf(res.body.details));
    expect(decrypt(row.secret)).toBe(secretOf(res.body.details));
  });

  test('[R7.17] confirm with an oathtool code returns 5 backup codes of 12 [A-Za-z0-9], stored hashed; user-active-methods lists it as primary', async () => {
    const u = await createUser();
    const { backupCodes } = await enableApp(u.token);
    expect(backupCodes).toHaveLength(5);
    for (const c of backupCodes) expect(c).toMatch(/^[A-Za-z0-9]{12}$/);
    const row = await db().mfaMethod.findFirstOrThrow({ where: { userId: u.id, name: 'app' }, select: { backupCodes: true, isActive: true, isPrimary: true } });
    expect(row.isActive && row.isPrimary).toBe(true);
    for (const h of row.backupCodes) expect(h).toMatch(/^\$argon2id\$/);
    const list = await call(activeMethods, '/auth/mfa/user-active-methods', { token: u.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ count: 1, next: null, previous: null, results: [{ name: 'app', is_primary: true }] });
    const profile = await call(extendUsers, '/api/extendUsers', { token: u.token });
    expect(profile.body.results[0].mfa).toEqual(['app']);
  });

  test.each([
    ['wrong code', 'app', true, '999999', '{"code":["Code invalid or expired."]}'],
    ['no row', 'email', false, '123456', '{"code":["Requested MFA method does not exist."]}'],
    ['blank code', 'app', true, '', '{"code":["This field may not be blank."]}'],
  ])('[R7.17] confirm: %s → 400 %s', async (_n, method, start, code, expected) => {
    const u = await createUser();
    if (start) await call(activate, `/auth/${method}/activate/`, { token: u.token, params: { method } });
    const res = await call(confirm, `/auth/${method}/activate/confirm/`, { token: u.token, params: { method }, body: { code } });
    expect(res.status).toBe(400);
    expect(res.text).toBe(expected);
  });

  test('[R7.16] [R7.17] activating or confirming an already active method is refused', async () => {
    const u = await createUser();
    const { secret } = await enableApp(u.token);
    const a = await call(activate, '/auth/app/activate/', { token: u.token, params: { method: 'app' } });
    expect(a.status).toBe(400);
    expect(a.text).toBe('{"error":"MFA method already active."}');
    const c = await call(confirm, '/auth/app/activate/confirm/', { token: u.token, params: { method: 'app' }, body: { code: oathtool(secret) } });
    expect(c.text).toBe('{"code":["MFA method already active."]}');
    const unknown = await call(activate, '/auth/sms/activate/', { token: u.token, params: { method: 'sms' } });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toBe('{"error":"Requested MFA method does not exist."}');
  });

  test('[D.03] TOTP accepts the previous step, then refuses it again (replay) and refuses older steps', async () => {
    const u = await createUser();
    const { secret } = await enableApp(u.token);
    await forgetLastStep(u.id);
    await awayFromStepEdge();
    const now = Math.floor(Date.now() / 1000);
    const s1 = await call(login, '/auth/login/', { body: { username: u.username, password: u.password } });
    const tooOld = await call(loginCode, '/auth/login/code/', { body: { ephemeral_token: s1.body.ephemeral_token, code: oathtool(secret, -2, now) } });
    expect(tooOld.status).toBe(401);
    const prev = await call(loginCode, '/auth/login/code/', { body: { ephemeral_token: s1.body.ephemeral_token, code: oathtool(secret, -1, now) } });
    expect(prev.status).toBe(200);
    const s2 = await call(login, '/auth/login/', { body: { username: u.username, password: u.password } });
    const replay = await call(loginCode, '/auth/login/code/', { body: { ephemeral_token: s2.body.ephemeral_token, code: oathtool(secret, -1, now) } });
    expect(replay.status).toBe(401);
    expect(replay.text).toBe('{"error":"Invalid or expired code."}');
  });

  test('[D.03] TOTP accepts the next step; afterwards the current step (older) is refused', async () => {
    const u = await createUser();
    const { secret } = await enableApp(u.token);
    await forgetLastStep(u.id);
    await awayFromStepEdge();
    const now = Math.floor(Date.now() / 1000);
    const s1 = await call(login, '/auth/login/', { body: { username: u.username, password: u.password } });
    const next = await call(loginCode, '/auth/login/code/', { body: { ephemeral_token: s1.body.ephemeral_token, code: oathtool(secret, 1, now) } });
    expect(next.status).toBe(200);
    const s2 = await call(login, '/auth/login/', { body: { username: u.username, password: u.password } });
    const current = await call(loginCode, '/auth/login/code/', { body: { ephemeral_token: s2.body.ephemeral_token, code: oathtool(secret, 0, now) } });
    expect(current.status).toBe(401);
  });
});

describe('backup codes', () => {
  test('[D.03] a backup code logs in exactly once', async () => {
    const u = await createUser();
    const { backupCodes } = await enableApp(u.token);
    const s1 = await call(login, '/auth/login/', { body: { username: u.username, password: u.password } });
    const ok = await call(loginCode, '/auth/login/code/', { body: { ephemeral_token: s1.body.ephemeral_token, code: backupCodes[0] } });
    expect(ok.status).toBe(200);
    const s2 = await call(login, '/auth/login/', { body: { username: u.username, password: u.password } });
    const again = await call(loginCode, '/auth/login/code/', { body: { ephemeral_token: s2.body.ephemeral_token, code: backupCodes[0] } });
    expect(again.status).toBe(401);
    expect(again.text).toBe('{"error":"Invalid or expired code."}');
    const other = await call(loginCode, '/auth/login/code/', { body: { ephemeral_token: s2.body.ephemeral_token, code: backupCodes[1] } });
    expect(other.status).toBe(200);
  });

  test('[D.03] 20 concurrent logins with one backup code: exactly one succeeds', async () => {
    const u = await createUser();
    const { backupCodes } = await enableApp(u.token);
    const tokens: string[] = [];
    for (let i = 0; i < 20; i++) tokens.push((await call(login, '/auth/login/', { body: { username: u.username, password: u.password } })).body.ephemeral_token);
    const results = await Promise.all(tokens.map((t) => call(loginCode, '/auth/login/code/', { body: { ephemeral_token: t, code: backupCodes[2] } })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 401)).toHaveLength(19);
    const row = await db().mfaMethod.findFirstOrThrow({ where: { userId: u.id }, select: { backupCodes: true } });
    expect(row.backupCodes).toHaveLength(4);
  });

  test('[D.03] regenerate needs a code and replaces every earlier code', async () => {
    const u = await createUser();
    const { backupCodes } = await enableApp(u.token);
    const missing = await call(regenerate, '/auth/app/codes/regenerate/', { token: u.token, params: { method: 'app' }, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.text).toBe('{"code":["This field is required."]}');
    const wrong = await call(regenerate, '/auth/app/codes/regenerate/', { token: u.token, params: { method: 'app' }, body: { code: 'AAAAAAAAAAAA' } });
    expect(wrong.text).toBe('{"code":["Code invalid or expired."]}');
    const inactive = await call(regenerate, '/auth/email/codes/regenerate/', { token: u.token, params: { method: 'email' }, body: { code: '123456' } });
    expect(inactive.text).toBe('{"code":["Requested MFA method does not exist."]}');
    const res = await call(regenerate, '/auth/app/codes/regenerate', { token: u.token, params: { method: 'app' }, body: { code: backupCodes[0] } });
    expect(res.status).toBe(200);
    expect(res.body.backup_codes).toHaveLength(5);
    const s1 = await call(login, '/auth/login/', { body: { username: u.username, password: u.password } });
    const old = await call(loginCode, '/auth/login/code/', { body: { ephemeral_token: s1.body.ephemeral_token, code: backupCodes[1] } });
    expect(old.status).toBe(401);
    const fresh = await call(loginCode, '/auth/login/code/', { body: { ephemeral_token: s1.body.ephemeral_token, code: res.body.backup_codes[0] } });
    expect(fresh.status).toBe(200);
  });
});

/** Starts e-mail activation for `u` and answers the code it mailed (through the real SMTP sink). */
async function startEmailActivation(u: { token: string; email: string }) {
  await call(activate, '/auth/email/activate/', { token: u.token, params: { method: 'email' } });
  return lastMailCode(u.email);
}

/** The e-mail confirm call with `code`. */
const confirmEmail = (u: { token: string }, code: string) => call(confirm, '/auth/email/activate/confirm/', { token: u.token, params: { method: 'email' }, body: { code } });

describe('e-mail method', () => {
  test('[R7.16] [D.03] activate mails a 6-digit code; confirm activates; login step 1 mails a fresh code that step 2 accepts once', async () => {
    const u = await createUser();
    const act = await call(activate, '/auth/email/activate/', { token: u.token, params: { method: 'email' } });
    expect(act.status).toBe(200);
    expect(act.text).toBe('{"details":"Email message with MFA code has been sent."}');
    const code = await lastMailCode(u.email);
    const row = await db().mfaMethod.findFirstOrThrow({ where: { userId: u.id, name: 'email' }, select: { emailCodeHash: true } });
    expect(row.emailCodeHash).not.toContain(code);
    const conf = await call(confirm, '/auth/email/activate/confirm/', { token: u.token, params: { method: 'email' }, body: { code } });
    expect(conf.status).toBe(200);
    const s1 = await call(login, '/auth/login/', { body: { username: u.username, password: u.password } });
    expect(s1.body.method).toBe('email');
    const loginCodeMail = await lastMailCode(u.email);
    const ok = await call(loginCode, '/auth/login/code/', { body: { ephemeral_token: s1.body.ephemeral_token, code: loginCodeMail } });
    expect(ok.status).toBe(200);
    const s2 = await call(login, '/auth/login/', { body: { username: u.username, password: u.password } });
    await db().mfaMethod.updateMany({ where: { userId: u.id }, data: { emailCodeHash: null } });
    const reuse = await call(loginCode, '/auth/login/code/', { body: { ephemeral_token: s2.body.ephemeral_token, code: loginCodeMail } });
    expect(reuse.status).toBe(401);
  });

  test('[D.03] an e-mail code expires after 10 minutes', async () => {
    const u = await createUser();
    const code = await startEmailActivation(u);
    await db().mfaMethod.updateMany({ where: { userId: u.id }, data: { emailCodeExpires: new Date(Date.now() - 1) } });
    const res = await confirmEmail(u, code);
    expect(res.text).toBe('{"code":["Code invalid or expired."]}');
  });

  test('[D.03] 5 wrong e-mail codes wipe the pending code', async () => {
    const u = await createUser();
    const code = await startEmailActivation(u);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) expect((await confirmEmail(u, wrong)).status).toBe(400);
    const res = await confirmEmail(u, code);
    expect(res.text).toBe('{"code":["Code invalid or expired."]}');
  });

  test('[D.03] code/request sends to the primary, names a method, or refuses', async () => {
    const u = await createUser();
    const none = await call(codeRequest, '/auth/code/request/', { token: u.token, body: {} });
    expect(none.status).toBe(400);
    expect(none.text).toBe('{"error":"Requested MFA method does not exist."}');
    const bad = await call(codeRequest, '/auth/code/request/', { token: u.token, body: { method: 'sms' } });
    expect(bad.text).toBe('{"method":["Requested MFA method does not exist."]}');
    await call(activate, '/auth/email/activate/', { token: u.token, params: { method: 'email' } });
    const named = await call(codeRequest, '/auth/code/request', { token: u.token, body: { method: 'email' } });
    expect(named.status).toBe(200);
    expect(named.text).toBe('{"details":"Email message with MFA code has been sent."}');
  });
});

describe('deactivate and primary', () => {
  test('[R7.18] [R4.08] deactivate → 204; login then answers auth_token directly', async () => {
    const u = await createUser();
    await enableApp(u.token);
    const res = await call(deactivate, '/auth/app/deactivate/', { token: u.token, params: { method: 'app' } });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const again = await call(deactivate, '/auth/app/deactivate/', { token: u.token, params: { method: 'app' } });
    expect(again.text).toBe('{"error":"2FA is not enabled."}');
    const none = await call(deactivate, '/auth/email/deactivate/', { token: u.token, params: { method: 'email' } });
    expect(none.text).toBe('{"error":"Requested MFA method does not exist."}');
    const s1 = await call(login, '/auth/login/', { body: { username: u.username, password: u.password } });
    expect(Object.keys(s1.body)).toEqual(['auth_token']);
  });

  test('[R7.18] the primary cannot be deactivated while another method is active; change-primary moves it', async () => {
    const u = await createUser();
    const { secret } = await enableApp(u.token);
    await confirmEmail(u, await startEmailActivation(u));
    const refused = await call(deactivate, '/auth/app/deactivate/', { token: u.token, params: { method: 'app' } });
    expect(refused.status).toBe(400);
    expect(refused.text).toBe('{"error":"Deactivation of MFA method that is set as primary is not allowed."}');
    const choice = await call(changePrimary, '/auth/mfa/change-primary-method/', { token: u.token, body: { method: 'sms', code: '1' } });
    expect(choice.text).toBe('{"method":["\\"sms\\" is not a valid choice."]}');
    await call(codeRequest, '/auth/code/request/', { token: u.token, body: { method: 'email' } });
    const moved = await call(changePrimary, '/auth/mfa/change-primary-method', { token: u.token, body: { method: 'email', code: await lastMailCode(u.email) } });
    expect(moved.status).toBe(204);
    const list = await call(activeMethods, '/auth/mfa/user-active-methods/', { token: u.token });
    expect(list.body.results).toEqual([{ name: 'app', is_primary: false }, { name: 'email', is_primary: true }]);
    const wrong = await call(changePrimary, '/auth/mfa/change-primary-method/', { token: u.token, body: { method: 'app', code: '000000' === oathtool(secret) ? '111111' : '000000' } });
    expect(wrong.text).toBe('{"code":["Code invalid or expired."]}');
  });

  test('[D.03] GET /auth/mfa/config/ is public and lists the methods', async () => {
    const res = await call(mfaConfig, '/auth/mfa/config/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ methods: ['app', 'email'], confirm_disable_with_code: false, confirm_regeneration_with_code: true, allow_backup_codes_regeneration: true });
  });

  test('[R7.15] [R6.02] MFA endpoints need a signed-in user; the browser session works too', async () => {
    const anon = await call(activeMethods, '/auth/mfa/user-active-methods');
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    const u = await createUser();
    const cookie = await sessionCookie(u.id);
    const res = await call(activate, '/auth/app/activate/', { cookie, method: 'POST', params: { method: 'app' } });
    expect(res.status).toBe(200);
  });
});
