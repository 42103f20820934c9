import { beforeAll, describe, expect, test } from 'vitest';
import { DELETE as deleteAccount, GET as getAccount, PATCH as patchAccount } from '@/app/api/accounts/[id]/route';
import { PUT as cloneRoute } from '@/app/api/cloneWorkspace/route';
import { DELETE as deleteInvite } from '@/app/api/invite/[id]/route';
import { GET as listInvites, POST as postInvite } from '@/app/api/invite/route';
import { DELETE as revokeShare } from '@/app/api/workspaces/[id]/shares/[shareId]/route';
import { GET as listShares, POST as postShare } from '@/app/api/workspaces/[id]/shares/route';
import { DELETE as deleteWs, GET as getWs, PATCH as patchWs } from '@/app/api/workspaces/[id]/route';
import { POST as postWs } from '@/app/api/workspaces/route';
import { can, RIGHTS, type TWorkspaceAction, type TWorkspaceRole } from '@/lib/rights';
import { sha256 } from '@/lib/server/crypto';
import type { ApiError } from '@/lib/server/http/errors';
import { createShareLink } from '@/lib/server/shares';
import { db } from '@/lib/server/db';
import { createWorkspace, requireWorkspaceAction } from '@/lib/server/workspaces';
import { call, type TResult } from '../../helpers/http';
import { createUser, sessionCookie, tenant, world } from './fixtures';

/**
 * The rights table of lib/rights.ts (docs/rights.md), checked cell by cell
 * through the real endpoints ([R4.06], [R6.03]): an allowed cell succeeds,
 * a refused one is 403 for callers who can see the workspace and 404 for
 * those who cannot.
 */
type TCaller = { role: TWorkspaceRole | 'none'; name: string; token?: string; shareToken?: string };

async function setup() {
  const w = await world();
  const accountAdmin = await createUser();
  await db().accountMember.create({ data: { accountId: w.owner.account.id, userId: accountAdmin.id, role: 'admin' } });
  return { w, accountAdmin };
}

/** Runs one action on a fresh workspace of the owner's account; returns the response. */
async function perform(action: TWorkspaceAction, caller: TCaller, ws: number, ctx: Awaited<ReturnType<typeof setup>>): Promise<TResult> {
  const id = String(ws);
  const auth = { token: caller.token };
  const q = caller.shareToken ? `?token=${caller.shareToken}` : '';
  switch (action) {
    case 'view':
      return call(getWs, `/api/workspaces/${id}${q}`, { ...auth, params: { id } });
    case 'viewRestrictedLayers': {
      const res = await call(getWs, `/api/workspaces/${id}${q}`, { ...auth, params: { id } });
      if (res.status !== 200) return res;
      const seen = (res.body.layers as { name: string }[]).some((l) => l.name === 'Restricted');
      return { ...res, status: seen ? 200 : 403 };
    }
    case 'edit':
      return call(patchWs, `/api/workspaces/${id}`, { ...auth, method: 'PATCH', params: { id }, body: { name: 'renamed' } });
    case 'saveCamera':
      return call(patchWs, `/api/workspaces/${id}`, { ...auth, method: 'PATCH', params: { id }, body: { camera: JSON.stringify({ center: [5, 52], zoom: 9, bearing: 0, pitch: 0 }) } });
    case 'editLayers': {
      // The layer endpoints belong to the layers issue; they call this same guard.
      const userId = caller.token ? (await db().apiToken.findFirst({ where: { keyHash: sha256(caller.token) }, select: { userId: true } }))?.userId ?? null : null;
      if (userId === null && !caller.shareToken) return { status: 401, body: null, text: '', headers: new Headers() };
      try {
        await requireWorkspaceAction({ userId, workspaceId: ws, shareToken: caller.shareToken }, 'editLayers');
        return { status: 200, body: null, text: '', headers: new Headers() };
      } catch (err) {
        return { status: (err as ApiError).status, body: null, text: '', headers: new Headers() };
      }
    }
    case 'manageEditors':
      return call(patchWs, `/api/workspaces/${id}`, { ...auth, method: 'PATCH', params: { id }, body: { editors: [ctx.w.editor.id] } });
    case 'clone':
      return call(cloneRoute, '/api/cloneWorkspace', { ...auth, method: 'PUT', body: { workspace: ws } });
    case 'manageInvites': {
      const invitee = await createUser();
      return call(postInvite, '/api/invite', { ...auth, body: { workspace: ws, user: invitee.username } });
    }
    case 'manageShares':
      return call(postShare, `/api/workspaces/${id}/shares`, { ...auth, params: { id }, body: {} });
    case 'delete':
      return call(deleteWs, `/api/workspaces/${id}`, { ...auth, method: 'DELETE', params: { id } });
  }
}

describe('[R4.06] [R6.03] rights table, cell by cell', () => {
  let ctx: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    ctx = await setup();
  });

  const callers: { role: TCaller['role']; name: string }[] = [
    { role: 'admin', name: 'workspace admin' },
    { role: 'admin', name: 'account admin member' },
    { role: 'editor', name: 'editor' },
    { role: 'viewer', name: 'invitee' },
    { role: 'viewer', name: 'account member' },
    { role: 'public', name: 'share-token holder' },
    { role: 'none', name: 'other account admin' },
  ];
  const actions = Object.keys(RIGHTS) as TWorkspaceAction[];

  for (const action of actions) {
    for (const c of callers) {
      const allowed = c.role !== 'none' && can(c.role, action);
      const expected = allowed ? 'allowed' : c.role === 'none' ? 404 : c.role === 'public' ? 'refused (401/404)' : 403;
      test(`${action} × ${c.name} → ${expected}`, async () => {
        const { w, accountAdmin } = ctx;
        const ws = (await createWorkspace(w.owner.user.id, { name: 'cell', description: 'x', account: w.owner.account.id })).id;
        await db().workspaceEditor.create({ data: { workspaceId: ws, userId: w.editor.id } });
        await db().invite.create({ data: { workspaceId: ws, userId: w.viewer.id } });
        const group = await db().userGroup.create({ data: { accountId: w.owner.account.id, name: 'g' } });
        await db().layer.create({ data: { workspaceId: ws, name: 'Restricted', userGroups: { create: { userGroupId: group.id } } } });
        const tokens: Record<string, string | undefined> = {
          'workspace admin': w.owner.user.token,
          'account admin member': accountAdmin.token,
          editor: w.editor.token,
          invitee: w.viewer.token,
          'account member': w.member.token,
          'other account admin': w.stranger.user.token,
        };
        const shareToken = c.role === 'public' ? (await createShareLink(w.owner.user.id, ws, {})).token : undefined;
        const res = await perform(action, { ...c, token: tokens[c.name], shareToken }, ws, ctx);
        if (allowed) expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
        else if (c.role === 'none') expect(res.status).toBe(404);
        else if (c.role === 'public') expect([401, 403, 404]).toContain(res.status);
        else expect(res.status).toBe(403);
      });
    }
  }
});

describe('cross-tenant: foreign ids for every verb → 404 (or 401 anonymous), never foreign rows', () => {
  test('another account\'s admin, an invitee of a different workspace and an anonymous caller', async () => {
    const w = await world();
    // A second workspace of the owner's account that the invitee is NOT invited to.
    const hidden = await createWorkspace(w.owner.user.id, { name: 'hidden', description: 'x', account: w.owner.account.id });
    const link = await createShareLink(w.owner.user.id, hidden.id, {});
    const inv = await db().invite.create({ data: { workspaceId: hidden.id, userId: (await createUser()).id } });
    const ws = String(hidden.id);
    const acc = String(w.owner.account.id);
    const sid = String(link.id);
    const cookie = await sessionCookie(w.stranger.user.id);
    const attackers: { name: string; opts: { token?: string; cookie?: string }; onlyWorkspace?: boolean }[] = [
      { name: 'stranger (token)', opts: { token: w.stranger.user.token } },
      { name: 'stranger (cookie)', opts: { cookie } },
      { name: 'invitee of another workspace', opts: { token: w.viewer.token }, onlyWorkspace: true },
      { name: 'editor of another workspace', opts: { token: w.editor.token }, onlyWorkspace: true },
      { name: 'anonymous', opts: {} },
    ];
    for (const a of attackers) {
      const expected = a.opts.token || a.opts.cookie ? 404 : 401;
      const calls: [string, Promise<TResult>][] = [
        ['GET workspace', call(getWs, `/api/workspaces/${ws}`, { ...a.opts, params: { id: ws } })],
        ['PATCH workspace', call(patchWs, `/api/workspaces/${ws}`, { ...a.opts, method: 'PATCH', params: { id: ws }, body: { name: 'pwned' } })],
        ['DELETE workspace', call(deleteWs, `/api/workspaces/${ws}`, { ...a.opts, method: 'DELETE', params: { id: ws } })],
        ['PUT clone', call(cloneRoute, '/api/cloneWorkspace', { ...a.opts, method: 'PUT', body: { workspace: hidden.id } })],
        ['POST invite', call(postInvite, '/api/invite', { ...a.opts, body: { workspace: hidden.id, user: w.stranger.user.username } })],
        ['GET invites of workspace', call(listInvites, `/api/invite?workspace=${ws}`, { ...a.opts })],
        ['DELETE invite', call(deleteInvite, `/api/invite/${inv.id}`, { ...a.opts, method: 'DELETE', params: { id: String(inv.id) } })],
        ['GET shares', call(listShares, `/api/workspaces/${ws}/shares`, { ...a.opts, params: { id: ws } })],
        ['POST shares', call(postShare, `/api/workspaces/${ws}/shares`, { ...a.opts, params: { id: ws }, body: {} })],
        ['DELETE share', call(revokeShare, `/api/workspaces/${ws}/shares/${sid}`, { ...a.opts, method: 'DELETE', params: { id: ws, shareId: sid } })],
      ];
      if (!a.onlyWorkspace) {
        calls.push(
          ['GET account', call(getAccount, `/api/accounts/${acc}`, { ...a.opts, params: { id: acc } })],
          ['PATCH account', call(patchAccount, `/api/accounts/${acc}`, { ...a.opts, method: 'PATCH', params: { id: acc }, body: { name: 'pwned' } })],
          ['DELETE account', call(deleteAccount, `/api/accounts/${acc}`, { ...a.opts, method: 'DELETE', params: { id: acc } })],
        );
      }
      for (const [name, p] of calls) {
        const res = await p;
        expect(res.status, `${a.name}: ${name}`).toBe(expected);
      }
      if (a.opts.token || a.opts.cookie) {
        const post = await call(postWs, '/api/workspaces', { ...a.opts, body: { name: 'x', description: 'y', account: w.owner.account.id } });
        expect(post.status, `${a.name}: POST workspace into a foreign account`).toBe(400);
      }
    }
    const after = await db().workspace.findUniqueOrThrow({ where: { id: hidden.id } });
    expect(after.name).toBe('hidden');
    expect(await db().shareLink.count({ where: { workspaceId: hidden.id, revokedAt: null } })).toBe(1);
    expect(await db().invite.count({ where: { id: inv.id } })).toBe(1);
    expect(await db().workspace.count({ where: { accountId: w.owner.account.id } })).toBe(2);
  });

  test('responses never carry secret columns', async () => {
    const t = await tenant();
    const link = await call(postShare, `/api/workspaces/${t.workspace.id}/shares`, { token: t.user.token, params: { id: String(t.workspace.id) }, body: {} });
    const ws = await call(getWs, `/api/workspaces/${t.workspace.id}`, { token: t.user.token, params: { id: String(t.workspace.id) } });
    for (const text of [link.text, ws.text]) expect(text).not.toMatch(/passwordHash|password_hash|tokenHash|token_hash|secret/i);
  });
});
