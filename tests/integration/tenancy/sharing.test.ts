import { describe, expect, test } from 'vitest';
import { GET as demoRoute } from '@/app/api/demo/route';
import { DELETE as deleteInvite } from '@/app/api/invite/[id]/route';
import { GET as listInvites, POST as postInvite } from '@/app/api/invite/route';
import { DELETE as revokeShare } from '@/app/api/workspaces/[id]/shares/[shareId]/route';
import { GET as listShares, POST as postShare } from '@/app/api/workspaces/[id]/shares/route';
import { GET as getWs } from '@/app/api/workspaces/[id]/route';
import { db } from '@/lib/server/db';
import { INVITE_RULE, UNKNOWN_INVITEE } from '@/lib/server/invites';
import { call } from '../../helpers/http';
import { createUser, tenant, world } from './fixtures';

const share = (ws: number, token: string, body: unknown = {}) =>
  call(postShare, `/api/workspaces/${ws}/shares`, { token, params: { id: String(ws) }, body });
const open = (ws: number, shareToken: string, authToken?: string) =>
  call(getWs, `/api/workspaces/${ws}?token=${encodeURIComponent(shareToken)}`, { params: { id: String(ws) }, token: authToken });

describe('invites', () => {
  test('[R7.31] [R3.08] GET /api/invite: the envelope of workspaces shared with the caller only', async () => {
    const w = await world();
    const res = await call(listInvites, '/api/invite', { token: w.viewer.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 1, next: null, previous: null, results: [{ id: expect.any(Number), workspace: { id: w.owner.workspace.id, name: w.owner.workspace.name } }] });
    for (const u of [w.owner.user, w.editor, w.stranger.user]) {
      expect((await call(listInvites, '/api/invite', { token: u.token })).body.count).toBe(0);
    }
    expect((await call(listInvites, '/api/invite')).status).toBe(401);
  });

  test('POST /api/invite by username or e-mail: 201, the invite mail is in the outbox, the invitee sees it', async () => {
    const t = await tenant();
    const a = await createUser();
    const b = await createUser();
    const byName = await call(postInvite, '/api/invite', { token: t.user.token, body: { workspace: t.workspace.id, user: a.username } });
    expect(byName.status).toBe(201);
    expect(byName.body).toMatchObject({ workspace: { id: t.workspace.id, name: t.workspace.name }, user: { id: a.id, username: a.username } });
    const byMail = await call(postInvite, '/api/invite', { token: t.user.token, body: { workspace: t.workspace.id, user: b.email.toUpperCase() } });
    expect(byMail.status).toBe(201);
    const mail = await db().mailOutbox.findFirstOrThrow({ where: { to: b.email, kind: 'invite' } });
    expect(mail.subject).toContain(t.workspace.name);
    expect(mail.text).toContain(`/workspace/view/${t.workspace.id}`);
    expect((await call(listInvites, '/api/invite', { token: b.token })).body.results[0].workspace.id).toBe(t.workspace.id);
    const forAdmin = await call(listInvites, `/api/invite?workspace=${t.workspace.id}`, { token: t.user.token });
    expect(forAdmin.body.results.map((i: { user: { id: number } }) => i.user.id).sort()).toEqual([a.id, b.id].sort());
    const dup = await call(postInvite, '/api/invite', { token: t.user.token, body: { workspace: t.workspace.id, user: a.username } });
    expect(dup.status).toBe(400);
    expect(Object.keys(dup.body)).toEqual(['user']);
  });

  test('unknown, inactive or own user → 400 with one message that reveals nothing; no invite, no mail', async () => {
    const t = await tenant();
    const inactive = await createUser({ active: false });
    // Mail to any address these attempts could reach (other test files write to the same outbox meanwhile).
    const reachable = { to: { in: ['nobody@example.test', inactive.email, t.user.email] } };
    const before = await db().mailOutbox.count({ where: reachable });
    for (const user of ['nobody-here', 'nobody@example.test', inactive.username, t.user.username]) {
      const res = await call(postInvite, '/api/invite', { token: t.user.token, body: { workspace: t.workspace.id, user } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ user: [UNKNOWN_INVITEE] });
    }
    expect(await db().mailOutbox.count({ where: reachable })).toBe(before);
    expect((await call(postInvite, '/api/invite', { token: t.user.token, body: {} })).body).toEqual({ workspace: ['This field is required.'], user: ['This field is required.'] });
  });

  test('10 parallel invites of the same user → exactly one 201, the rest 400 on user, one mail', async () => {
    const t = await tenant();
    const target = await createUser();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => call(postInvite, '/api/invite', { token: t.user.token, body: { workspace: t.workspace.id, user: target.username } })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status === 400);
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(Object.keys(r.body)).toEqual(['user']);
    expect(await db().invite.count({ where: { userId: target.id } })).toBe(1);
    expect(await db().mailOutbox.count({ where: { to: target.email } })).toBe(1);
  });

  test('invite flood: after the hourly budget of attempts the next one is 429 with Retry-After', async () => {
    const t = await tenant();
    for (let i = 0; i < INVITE_RULE.points; i++) {
      const res = await call(postInvite, '/api/invite', { token: t.user.token, body: { workspace: t.workspace.id, user: `ghost-${i}` } });
      expect(res.status).toBe(400);
    }
    const over = await call(postInvite, '/api/invite', { token: t.user.token, body: { workspace: t.workspace.id, user: 'ghost-x' } });
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBeTruthy();
  });

  test('only the workspace admin invites: editor/viewer 403, stranger 404 (foreign id in the body)', async () => {
    const w = await world();
    const target = await createUser();
    const body = { workspace: w.owner.workspace.id, user: target.username };
    expect((await call(postInvite, '/api/invite', { token: w.editor.token, body })).status).toBe(403);
    expect((await call(postInvite, '/api/invite', { token: w.viewer.token, body })).status).toBe(403);
    expect((await call(postInvite, '/api/invite', { token: w.stranger.user.token, body })).status).toBe(404);
    expect((await call(listInvites, `/api/invite?workspace=${w.owner.workspace.id}`, { token: w.stranger.user.token })).status).toBe(404);
    expect(await db().invite.count({ where: { userId: target.id } })).toBe(0);
  });

  test('DELETE /api/invite/{id}: the invitee or the admin (204); others 404', async () => {
    const w = await world();
    const inv = await db().invite.findFirstOrThrow({ where: { userId: w.viewer.id } });
    const id = String(inv.id);
    for (const u of [w.editor, w.stranger.user, w.member]) {
      expect((await call(deleteInvite, `/api/invite/${id}`, { method: 'DELETE', token: u.token, params: { id } })).status).toBe(404);
    }
    expect((await call(deleteInvite, `/api/invite/${id}`, { method: 'DELETE', token: w.viewer.token, params: { id } })).status).toBe(204);
    expect((await call(deleteInvite, `/api/invite/${id}`, { method: 'DELETE', token: w.viewer.token, params: { id } })).status).toBe(404);
    const again = await db().invite.create({ data: { workspaceId: w.owner.workspace.id, userId: w.viewer.id } });
    expect((await call(deleteInvite, `/api/invite/${again.id}`, { method: 'DELETE', token: w.owner.user.token, params: { id: String(again.id) } })).status).toBe(204);
    expect((await call(getWs, `/api/workspaces/${w.owner.workspace.id}`, { token: w.viewer.token, params: { id: String(w.owner.workspace.id) } })).status).toBe(404);
  });
});

describe('share links', () => {
  test('[R4.07] a valid token opens the workspace with no Authorization header; opens are counted', async () => {
    const t = await tenant();
    const res = await share(t.workspace.id, t.user.token, { label: 'Press' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ label: 'Press', expires_at: null, open_count: 0, active: true });
    expect(res.body.token.length).toBeGreaterThanOrEqual(43);
    expect(res.body.url).toBe(`http://localhost:3000/workspace/share/${t.workspace.id}/${res.body.token}`);
    const stored = await db().shareLink.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(stored.tokenHash).not.toContain(res.body.token);
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const opened = await open(t.workspace.id, res.body.token);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ id: t.workspace.id, role: 'public', editors: [] });
    await open(t.workspace.id, res.body.token);
    const list = await call(listShares, `/api/workspaces/${t.workspace.id}/shares`, { token: t.user.token, params: { id: String(t.workspace.id) } });
    expect(list.body.results[0]).toMatchObject({ id: res.body.id, open_count: 2 });
    expect(list.body.results[0]).not.toHaveProperty('token');
    expect(JSON.stringify(list.body)).not.toContain(stored.tokenHash);
  });

  test('share-token viewers do not see group-restricted layers', async () => {
    const t = await tenant();
    const g = await db().userGroup.create({ data: { accountId: t.account.id, name: 'g' } });
    await db().layer.create({ data: { workspaceId: t.workspace.id, name: 'Open' } });
    await db().layer.create({ data: { workspaceId: t.workspace.id, name: 'Closed', userGroups: { create: { userGroupId: g.id } } } });
    const { body } = await share(t.workspace.id, t.user.token);
    const opened = await open(t.workspace.id, body.token);
    expect(opened.body.layers.map((l: { name: string }) => l.name)).toEqual(['Open']);
  });

  test('expired, revoked, wrong-workspace and made-up tokens → 404', async () => {
    const t = await tenant();
    const other = await tenant();
    const expiring = await share(t.workspace.id, t.user.token, { expires_at: new Date(Date.now() + 60_000).toISOString() });
    expect(expiring.status).toBe(201);
    await db().shareLink.update({ where: { id: expiring.body.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const revoked = await share(t.workspace.id, t.user.token);
    const ws = String(t.workspace.id);
    const r = await call(revokeShare, `/api/workspaces/${ws}/shares/${revoked.body.id}`, { method: 'DELETE', token: t.user.token, params: { id: ws, shareId: String(revoked.body.id) } });
    expect(r.status).toBe(204);
    expect((await db().shareLink.findUniqueOrThrow({ where: { id: revoked.body.id } })).revokedAt).not.toBeNull();
    const valid = await share(t.workspace.id, t.user.token);
    const cases: [string, number, string][] = [
      ['expired', t.workspace.id, expiring.body.token],
      ['revoked', t.workspace.id, revoked.body.token],
      ['wrong workspace', other.workspace.id, valid.body.token],
      ['made up', t.workspace.id, 'x'.repeat(43)],
      ['too short', t.workspace.id, 'abc'],
    ];
    for (const [name, wsId, token] of cases) {
      const res = await open(wsId, token);
      expect(res.status, name).toBe(404);
      expect(res.body).toEqual({ detail: 'Not found.' });
    }
    expect((await open(t.workspace.id, valid.body.token)).status).toBe(200);
  });

  test('POST validation: expiry in the past or malformed → 400', async () => {
    const t = await tenant();
    const past = await share(t.workspace.id, t.user.token, { expires_at: '2020-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect(Object.keys(past.body)).toEqual(['expires_at']);
    expect((await share(t.workspace.id, t.user.token, { expires_at: 'tomorrow' })).status).toBe(400);
    expect((await share(t.workspace.id, t.user.token, { label: 'x'.repeat(256) })).status).toBe(400);
  });

  test('only admins manage links: editor/viewer 403, stranger 404 for list, create and revoke; revoking another workspace\'s link 404', async () => {
    const w = await world();
    const ws = w.owner.workspace.id;
    const link = await share(ws, w.owner.user.token);
    const id = String(ws);
    for (const [u, status] of [[w.editor, 403], [w.viewer, 403], [w.member, 403], [w.stranger.user, 404]] as const) {
      expect((await share(ws, u.token)).status).toBe(status);
      expect((await call(listShares, `/api/workspaces/${id}/shares`, { token: u.token, params: { id } })).status).toBe(status);
      expect((await call(revokeShare, `/api/workspaces/${id}/shares/${link.body.id}`, { method: 'DELETE', token: u.token, params: { id, shareId: String(link.body.id) } })).status).toBe(status);
    }
    const sid = String(w.stranger.workspace.id);
    expect((await call(revokeShare, `/api/workspaces/${sid}/shares/${link.body.id}`, { method: 'DELETE', token: w.stranger.user.token, params: { id: sid, shareId: String(link.body.id) } })).status).toBe(404);
    expect((await open(ws, link.body.token)).status).toBe(200);
  });
});

describe('GET /api/demo', () => {
  test('[R7.04] [R3.12] answers 0 without a demo workspace, else its id, as a plain JSON number', async () => {
    const t = await tenant();
    const none = await call(demoRoute, '/api/demo', { token: t.user.token });
    expect(none.status).toBe(200);
    expect(none.text).toBe('0');
    await db().profile.update({ where: { userId: t.user.id }, data: { demoWorkspaceId: t.workspace.id } });
    const some = await call(demoRoute, '/api/demo', { token: t.user.token });
    expect(some.body).toBe(t.workspace.id);
    expect((await call(demoRoute, '/api/demo')).status).toBe(401);
  });
});
