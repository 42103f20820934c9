import pg from 'pg';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { GET as listAccountsRoute } from '@/app/api/accounts/route';
import { GET as listInvites } from '@/app/api/invite/route';
import { GET as listWs } from '@/app/api/workspaces/route';
import { db } from '@/lib/server/db';
import { createWorkspace } from '@/lib/server/workspaces';
import { call } from '../../helpers/http';
import { createUser, tenant } from './fixtures';

/** Lists cost a constant number of SQL statements whatever their length (no N+1). */
async function countQueries(run: () => Promise<unknown>) {
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    await run();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe('no N+1 on list endpoints', () => {
  test('GET /api/workspaces?account= with 1 and with 15 workspaces (editors, layers, invites) costs the same', async () => {
    const small = await tenant();
    const big = await tenant();
    const helper = await createUser();
    for (let i = 0; i < 14; i++) {
      const ws = await createWorkspace(big.user.id, { name: `w${i}`, description: 'x', account: big.account.id });
      await db().workspaceEditor.create({ data: { workspaceId: ws.id, userId: helper.id } });
      await db().layer.createMany({ data: [{ workspaceId: ws.id, name: 'a' }, { workspaceId: ws.id, name: 'b' }] });
    }
    await call(listWs, `/api/workspaces?account=${small.account.id}`, { token: small.user.token }); // warm-up
    const one = await countQueries(() => call(listWs, `/api/workspaces?account=${small.account.id}`, { token: small.user.token }));
    const many = await countQueries(async () => {
      const res = await call(listWs, `/api/workspaces?account=${big.account.id}`, { token: big.user.token });
      expect(res.body).toHaveLength(15);
    });
    expect(one).toBeGreaterThan(0);
    expect(many).toBe(one);
  });

  test('GET /api/accounts and GET /api/invite do not grow with the number of rows', async () => {
    const a = await createUser();
    const b = await createUser();
    const owner = await tenant();
    await call(listAccountsRoute, '/api/accounts', { token: a.token });
    const none = await countQueries(() => call(listAccountsRoute, '/api/accounts', { token: a.token }));
    for (let i = 0; i < 8; i++) {
      const acc = await db().account.create({ data: { name: `n${i}`, slug: `qc-${b.id}-${i}`, adminId: b.id } });
      const ws = await createWorkspace(b.id, { name: `w${i}`, description: 'x', account: acc.id });
      await db().invite.create({ data: { workspaceId: ws.id, userId: a.id } });
    }
    await db().invite.create({ data: { workspaceId: owner.workspace.id, userId: a.id } });
    const many = await countQueries(() => call(listAccountsRoute, '/api/accounts', { token: b.token }));
    expect(many).toBe(none);
    const invitesFew = await countQueries(() => call(listInvites, '/api/invite', { token: owner.user.token }));
    const invitesMany = await countQueries(async () => {
      const res = await call(listInvites, '/api/invite', { token: a.token });
      expect(res.body.count).toBe(9);
    });
    expect(invitesMany).toBe(invitesFew);
  });
});
