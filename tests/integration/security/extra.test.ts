import { describe, expect, test } from 'vitest';
import { GET as getAccount } from '@/app/api/accounts/[id]/route';
import { POST as postAccount } from '@/app/api/accounts/route';
import { DELETE as deleteWorkspace } from '@/app/api/workspaces/[id]/route';
import { POST as postWorkspace } from '@/app/api/workspaces/route';
import { POST as login } from '@/app/auth/login/route';
import { encrypt } from '@/lib/server/crypto';
import { db } from '@/lib/server/db';
import { ROUTES } from '@/lib/server/http/route-manifest.generated';
import type { TRouteHandler } from '@/lib/server/http/with-api';
import { seed } from '@/lib/server/seed/seed';
import { createUser } from '../../helpers/factories';
import { buildRequest, call } from '../../helpers/http';
import { recordFigure } from '../../support/figures';

/** SECURITY.md §6: idempotent deletes (43), MFA-pending credentials (17), unicode round trips (32). */
describe('idempotent deletes', () => {
  test('DELETE ×10 at once on one workspace: exactly one effect, the rest 404, no 5xx', async () => {
    await seed();
    const u = await createUser();
    const acc = await call(postAccount, '/api/accounts', { token: u.token, body: { name: 'Del', description: 'd' } });
    const ws = await call(postWorkspace, '/api/workspaces', { token: u.token, body: { name: 'W', description: 'd', account: acc.body.id } });
    const id = String(ws.body.id);
    const results = await Promise.all(Array.from({ length: 10 }, () => call(deleteWorkspace, `/api/workspaces/${id}`, { method: 'DELETE', token: u.token, params: { id } })));
    const statuses = results.map((r) => r.status).sort();
    recordFigure('idempotent deletes', { concurrentDeletes: 10, effects: statuses.filter((s) => s === 204).length, fiveHundreds: statuses.filter((s) => s >= 500).length });
    expect(statuses.filter((s) => s === 204)).toHaveLength(1);
    expect(statuses.filter((s) => s === 404)).toHaveLength(9);
    expect(await db().workspace.count({ where: { id: Number(id) } })).toBe(0);
  });
});

describe('MFA-pending credentials', () => {
  test('the ephemeral token of login step 1 opens no protected route', async () => {
    const u = await createUser();
    await db().mfaMethod.create({ data: { userId: u.id, name: 'app', secret: encrypt('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'), isActive: true, isPrimary: true } });
    const step1 = await call(login, '/auth/login/', { body: { username: u.username, password: u.password } });
    expect(step1.status).toBe(200);
    const pending = step1.body.ephemeral_token as string;
    expect(pending).toMatch(/^\d+-[0-9a-z]+-[0-9a-f]{40}$/);
    let checked = 0;
    const reachable: string[] = [];
    for (const route of ROUTES) {
      const mod = await route.load();
      for (const method of route.methods) {
        const handler = mod[method] as TRouteHandler | undefined;
        if (!handler?.apiMeta || handler.apiMeta.auth !== 'required') continue;
        const params = Object.fromEntries([...route.path.matchAll(/\{(\w+)\*?\}/g)].map((m) => [m[1], '1']));
        const path = route.path.replace(/\{(\w+)\*?\}/g, '1');
        for (const header of [`Token ${pending}`, `Bearer ${pending}`]) {
          const req = buildRequest(path, { method, headers: { authorization: header }, ...(method === 'GET' || method === 'DELETE' ? {} : { body: {} }) });
          const res = await handler(req, { params: Promise.resolve(params) });
          await res.text();
          checked++;
          if (res.status !== 401) reachable.push(`${method} ${route.path} (${header.split(' ')[0]}): ${res.status}`);
        }
      }
    }
    recordFigure('mfa pending', { protectedRouteCalls: checked, reachable: reachable.length });
    expect(checked).toBeGreaterThan(40);
    expect(reachable).toEqual([]);
  });
});

describe('unicode and long strings', () => {
  const accepted = ['🗺️ Kaart — overzicht', 'خريطة العمل', 'Zoë\u0301 café', '\u202eevil override', 'a'.repeat(255), '𝔐𝔞𝔭𝔰 ℌ𝔢𝔯𝔢', '<script>alert(1)</script>'];
  test('names are stored and answered exactly as sent; too long and NUL get a 400, never a 5xx', async () => {
    const u = await createUser();
    let changed = 0;
    for (const name of accepted) {
      const res = await call(postAccount, '/api/accounts', { token: u.token, body: { name, description: name } });
      expect(res.status, name).toBe(201);
      const back = await call(getAccount, `/api/accounts/${res.body.id}`, { token: u.token, params: { id: String(res.body.id) } });
      if (back.body.name !== name || back.body.description !== name) changed++;
    }
    const refused = await Promise.all(
      ['a'.repeat(256), 'a\u0000b', 'x\ud800y', 'é'.repeat(100_000)].map((name) => call(postAccount, '/api/accounts', { token: u.token, body: { name, description: 'd' } })),
    );
    recordFigure('unicode', { accepted: accepted.length, changedOnRoundTrip: changed, refusedWith400: refused.filter((r) => r.status === 400).length, of: refused.length });
    expect(changed).toBe(0);
    expect(refused.map((r) => r.status)).toEqual([400, 400, 400, 400]);
  });
});
