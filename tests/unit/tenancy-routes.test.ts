import { describe, expect, test } from 'vitest';
import { guardOf, showsRouteProgress } from '@/lib/routes';
import { nextFreeSlug, slugify } from '@/lib/server/accounts/slugify';
import { can, RIGHTS } from '@/lib/rights';

describe('route table of the tenancy screens', () => {
  test.each([
    ['[R2.09]', '/workspace/share/3/abc', 'none'],
    ['[R2.10]', '/workspace/3', 'account'],
    ['[R2.11]', '/workspace/create', 'account'],
    ['[R2.12]', '/workspace/view/3', 'account'],
    ['[R2.13]', '/shared', 'account'],
    ['[R2.17]', '/accounts', 'account'],
    ['[R2.18]', '/account/create', 'login'],
    ['[R2.19]', '/account/gemeente-utrecht', 'account'],
  ])('%s %s is guarded by %s', (_id, path, guard) => {
    expect(guardOf(path)).toBe(guard);
  });

  test('[R2.27] the progress indicator shows on workspace, account, datasources, sharedWorkspaces and usergroups only', () => {
    for (const p of ['/workspace/view/3', '/account/acme', '/datasources', '/shared', '/usergroups']) expect(showsRouteProgress(p), p).toBe(true);
    for (const p of ['/accounts', '/account/create', '/workspace/3', '/workspace/create', '/profile', '/layers', '/']) expect(showsRouteProgress(p), p).toBe(false);
  });
});

describe('account slugs', () => {
  test.each([
    ['Gemeente Utrecht', 'gemeente-utrecht'],
    ['  Ça va? Ümlaut & Co.  ', 'ca-va-umlaut-co'],
    ['!!!', 'account'],
    ['x'.repeat(400), 'x'.repeat(280)],
  ])('%s → %s', (name, slug) => expect(slugify(name)).toBe(slug));

  test('next free slug appends -2, -3 …', () => {
    expect(nextFreeSlug('a', [])).toBe('a');
    expect(nextFreeSlug('a', ['a'])).toBe('a-2');
    expect(nextFreeSlug('a', ['a', 'a-2', 'a-4'])).toBe('a-3');
  });
});

describe('[R4.06] rights table', () => {
  test('admins may do everything, editors edit, viewers and token holders only view', () => {
    for (const action of Object.keys(RIGHTS) as (keyof typeof RIGHTS)[]) expect(can('admin', action)).toBe(true);
    expect(can('editor', 'edit')).toBe(true);
    expect(can('editor', 'delete')).toBe(false);
    expect(can('viewer', 'view')).toBe(true);
    expect(can('viewer', 'edit')).toBe(false);
    expect(can('public', 'view')).toBe(true);
    expect(can('public', 'viewRestrictedLayers')).toBe(false);
    expect(can(null, 'view')).toBe(false);
  });
});

describe('[R3.04] workspace JSON settings', () => {
  test('the plugin and camera defaults satisfy the schemas every write is checked against', async () => {
    const { ZCamera, ZWorkspacePlugins } = await import('@/lib/schemas/tenancy');
    const { DEFAULT_CAMERA, DEFAULT_WORKSPACE_PLUGINS } = await import('@/lib/workspace-defaults');
    expect(ZCamera.safeParse(DEFAULT_CAMERA).success).toBe(true);
    expect(ZWorkspacePlugins.safeParse(DEFAULT_WORKSPACE_PLUGINS).success).toBe(true);
    expect(DEFAULT_WORKSPACE_PLUGINS.elevationWidget.profiles).toEqual([expect.objectContaining({ title: 'AHN3/AHN4', color: 'red' })]);
    expect(DEFAULT_WORKSPACE_PLUGINS.biWidget.url).toBe('');
  });
});
