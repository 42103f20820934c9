import type { BrowserContext } from '@playwright/test';
import { createUser, e2eDb, loginAs, type TE2eUser } from './fixtures';
import { createDataSource, createLayer, createShareLink, createWorkspace } from './map-fixtures';

/**
 * The pages the performance and accessibility specs visit: one user with an
 * account, a workspace with a layer (on a data source that points nowhere, so
 * no network is needed), a user group and a valid public share link.
 */
export type TPerfWorld = {
  user: TE2eUser & { account?: { id: number; slug: string; name: string } };
  slug: string;
  workspaceId: number;
  shareToken: string;
  dataSourceId: number;
};

export async function perfWorld(): Promise<TPerfWorld> {
  const user = await createUser({ withAccount: true });
  const ws = await createWorkspace(user, { name: 'Budget map' });
  const dataSourceId = await createDataSource(user.account!.id, 'geojson', { url: 'http://127.0.0.1:9/none.geojson' }, 'Budget source');
  await createLayer(ws.id, dataSourceId, { name: 'Budget layer', position: 0 });
  const shareToken = await createShareLink(ws.id);
  await e2eDb().query(`INSERT INTO user_groups (account_id, name, updated_at) VALUES ($1, 'Budget group', now())`, [user.account!.id]);
  return { user, slug: user.account!.slug, workspaceId: ws.id, shareToken, dataSourceId };
}

export async function signIn(context: BrowserContext, world: TPerfWorld) {
  await loginAs(context, world.user.id);
}

/** Logged-out pages (path builders, since some need the world's ids). */
export function publicPages(w: TPerfWorld): string[] {
  return [
    '/',
    '/login',
    '/register',
    '/reset',
    '/activate',
    '/verification',
    '/activation/MQ/x',
    '/password-reset/MQ/x',
    '/esri-oauth-callback',
    `/workspace/share/${w.workspaceId}/${w.shareToken}`,
  ];
}

/** Logged-in pages. */
export function appPages(w: TPerfWorld): string[] {
  return [
    '/profile',
    '/accounts',
    '/account/create',
    `/account/${w.slug}`,
    '/workspace/create',
    '/shared',
    '/datasources',
    '/datasource/create',
    `/datasource/edit/${w.dataSourceId}`,
    '/usergroups',
    '/layers',
    `/workspace/view/${w.workspaceId}`,
    `/workspace/${w.workspaceId}`,
  ];
}

export function isWorkspacePage(path: string) {
  return /^\/workspace\/(view\/\d+|\d+|share\/\d+\/[^/]+)$/.test(path);
}
