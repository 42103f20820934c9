/**
 * The benchmark's data set: 100 accounts × 10 workspaces × 20 layers, 1 000
 * data sources, 50 user groups and a few thousand users; the measured user's
 * account has 1 000 data sources used by 100 workspaces. Bulk rows go in with
 * createMany (the services' per-row checks would make seeding take minutes);
 * the user and the token the load uses are made by the real services.
 */
import { encode } from 'next-auth/jwt';
import { createApiToken } from '../lib/server/auth/api-tokens';
import { hashPassword } from '../lib/server/auth/password';
import { createSession, sessionCookieName } from '../lib/server/auth/session';
import { randomToken, sha256 } from '../lib/server/crypto';
import { db } from '../lib/server/db';
import { seed } from '../lib/server/seed/seed';

export type TBenchEndpoint = {
  name: string;
  path: string;
  method?: string;
  body?: string;
  auth?: boolean;
  cookie?: string;
  list?: boolean;
  params?: Record<string, string>;
  handler?: { file: string; method?: string };
};
export type TBenchFixture = { userId: number; username: string; token: string; endpoints: TBenchEndpoint[]; counts: Record<string, number> };

const ACCOUNTS = 100;
const WORKSPACES_PER_ACCOUNT = 10;
const LAYERS_PER_WORKSPACE = 20;
const USERS = 3000;

export async function seedBenchData(): Promise<TBenchFixture> {
  await seed();
  const client = db();
  const password = 'Bench-password-2026';
  const passwordHash = await hashPassword(password);
  const plan = await client.plan.findUniqueOrThrow({ where: { slug: 'trial' } });
  const types = await client.dataSourceType.findMany();

  await client.user.createMany({
    data: Array.from({ length: USERS }, (_, i) => ({ username: `bench${i}`, email: `bench${i}@example.test`, passwordHash, isActive: true })),
  });
  const users = await client.user.findMany({ where: { username: { startsWith: 'bench' } }, select: { id: true }, orderBy: { id: 'asc' } });
  const main = users[0];
  await client.profile.createMany({ data: users.map((u) => ({ userId: u.id })) });

  // 100 accounts; the first belongs to the measured user.
  await client.account.createMany({
    data: Array.from({ length: ACCOUNTS }, (_, i) => ({ name: `Bench account ${i}`, slug: `bench-account-${i}`, adminId: i === 0 ? main.id : users[i].id, planId: plan.id })),
  });
  const accounts = await client.account.findMany({ where: { slug: { startsWith: 'bench-account-' } }, select: { id: true, adminId: true }, orderBy: { id: 'asc' } });
  await client.accountMember.createMany({ data: accounts.map((a) => ({ accountId: a.id, userId: a.adminId, role: 'admin' })) });

  await client.workspace.createMany({
    data: accounts.flatMap((a, ai) =>
      Array.from({ length: WORKSPACES_PER_ACCOUNT * (ai === 0 ? 10 : 1) }, (_, wi) => ({ name: `Workspace ${ai}-${wi}`, accountId: a.id, adminId: a.adminId, planId: plan.id })),
    ),
  });
  const mainWorkspaces = await client.workspace.findMany({ where: { accountId: accounts[0].id }, select: { id: true }, orderBy: { id: 'asc' } });

  // 1 000 data sources in the measured account.
  await client.dataSource.createMany({
    data: Array.from({ length: 1000 }, (_, i) => ({
      accountId: accounts[0].id,
      name: `Source ${i}`,
      typeId: types[i % types.length].id,
      settings: { url: `https://tiles.example.test/${i}/{z}/{x}/{y}.png` },
    })),
  });
  const sources = await client.dataSource.findMany({ where: { accountId: accounts[0].id }, select: { id: true }, orderBy: { id: 'asc' } });

  // 100 workspaces × 20 layers on those sources; other accounts' workspaces get layers too.
  const allWorkspaces = await client.workspace.findMany({ where: { account: { slug: { startsWith: 'bench-account-' } } }, select: { id: true, accountId: true } });
  const layerRows = allWorkspaces.flatMap((w, wi) =>
    Array.from({ length: LAYERS_PER_WORKSPACE }, (_, li) => ({
      workspaceId: w.id,
      name: li === 0 ? 'OSM baseLayer' : `Layer ${li}`,
      position: li,
      dataSourceId: w.accountId === accounts[0].id ? sources[(wi * LAYERS_PER_WORKSPACE + li) % sources.length].id : null,
    })),
  );
  for (let i = 0; i < layerRows.length; i += 5000) await client.layer.createMany({ data: layerRows.slice(i, i + 5000) });

  await client.userGroup.createMany({ data: Array.from({ length: 50 }, (_, i) => ({ accountId: accounts[0].id, name: `Group ${i}` })) });
  const groups = await client.userGroup.findMany({ where: { accountId: accounts[0].id }, select: { id: true } });
  await client.userGroupMember.createMany({ data: groups.flatMap((g, gi) => users.slice(gi * 20, gi * 20 + 20).map((u) => ({ groupId: g.id, userId: u.id }))) });

  const token = await createApiToken(main.id);
  const shareToken = randomToken(32);
  await client.shareLink.create({ data: { workspaceId: mainWorkspaces[0].id, tokenHash: sha256(shareToken), createdById: main.id } });
  const sid = await createSession(main.id, 'bench');
  const cookieValue = await encode({ token: { sub: String(main.id), sid }, secret: process.env.AUTH_SECRET! });
  const cookie = `${sessionCookieName()}=${cookieValue}; activeAccount=${accounts[0].id}`;

  const wsId = String(mainWorkspaces[0].id);
  const endpoints: TBenchEndpoint[] = [
    // The framework floor: a route through Next and the route wrapper with no SQL at all.
    { name: 'floor: GET /api/health/live', path: '/api/health/live', auth: false, handler: { file: 'app/api/health/live/route.ts' } },
    { name: 'GET /api/accounts', path: '/api/accounts', list: true, handler: { file: 'app/api/accounts/route.ts' } },
    { name: 'GET /api/workspaces?account=', path: `/api/workspaces?account=${accounts[0].id}`, list: true, handler: { file: 'app/api/workspaces/route.ts' } },
    { name: 'GET /api/workspaces/{id}', path: `/api/workspaces/${wsId}`, params: { id: wsId }, handler: { file: 'app/api/workspaces/[id]/route.ts' } },
    { name: 'GET /api/workspaces/{id}?token=', path: `/api/workspaces/${wsId}?token=${shareToken}`, auth: false, params: { id: wsId }, handler: { file: 'app/api/workspaces/[id]/route.ts' } },
    { name: 'GET /api/datasources', path: '/api/datasources', list: true, handler: { file: 'app/api/datasources/route.ts' } },
    { name: 'GET /api/layers?workspace=', path: `/api/layers?workspace=${wsId}`, list: true, handler: { file: 'app/api/layers/route.ts' } },
    { name: 'GET /api/userGroup', path: '/api/userGroup', list: true, handler: { file: 'app/api/userGroup/route.ts' } },
    { name: 'POST /auth/login/', path: '/auth/login/', method: 'POST', auth: false, body: JSON.stringify({ username: 'bench0', password }) },
    { name: 'page /accounts', path: '/accounts', auth: false, cookie },
  ];
  return {
    userId: main.id,
    username: 'bench0',
    token,
    endpoints,
    counts: {
      users: await client.user.count(),
      accounts: await client.account.count(),
      workspaces: await client.workspace.count(),
      layers: await client.layer.count(),
      dataSources: await client.dataSource.count(),
      userGroups: await client.userGroup.count(),
    },
  };
}
