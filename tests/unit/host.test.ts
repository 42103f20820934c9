import { describe, expect, test } from 'vitest';
import { displayHost, wwwRedirectTarget } from '@/lib/host';
import { guardOf, showsRouteProgress } from '@/lib/routes';

describe('host name rule', () => {
  test.each([
    ['www.kaartviewer.nl', 'kaartviewer'],
    ['mapspace.app', 'mapspace'],
    ['www.example.com', 'example.com'],
    ['maps.example.nl:3000', 'maps.example'],
    ['localhost:3000', 'localhost'],
  ])('[R1.03] top bar shows %s as %s when the site has no title', (host, shown) => {
    expect(displayHost(host)).toBe(shown);
  });

  test('[R1.04] a www. host is redirected to the same address without it', () => {
    expect(wwwRedirectTarget('https://www.example.com/account/x?a=1')).toBe('https://example.com/account/x?a=1');
    expect(wwwRedirectTarget('https://example.com/')).toBeNull();
  });
});

describe('route table', () => {
  test.each([
    ['/', 'none'],
    ['/login', 'none'],
    ['/verification', 'none'],
    ['/register', 'none'],
    ['/reset', 'none'],
    ['/password-reset/MQ/abc', 'none'],
    ['/activate', 'none'],
    ['/activation/MQ/abc', 'none'],
    ['/workspace/share/3/tok', 'none'],
    ['/esri-oauth-callback', 'none'],
    ['/profile', 'login'],
    ['/account/create', 'login'],
    ['/workspace/3', 'account'],
    ['/workspace/create', 'account'],
    ['/workspace/view/3', 'account'],
    ['/shared', 'account'],
    ['/datasources', 'account'],
    ['/datasource/create', 'account'],
    ['/datasource/edit/4', 'account'],
    ['/accounts', 'account'],
    ['/account/demo-account', 'account'],
    ['/layers', 'account'],
    ['/usergroups', 'account'],
  ])('route %s has guard %s', (path, guard) => {
    expect(guardOf(path)).toBe(guard);
  });

  test('[R2.27] progress indicator shows on workspace, account, datasources, sharedWorkspaces and usergroups', () => {
    for (const p of ['/workspace/view/1', '/account/acme', '/datasources', '/shared', '/usergroups']) expect(showsRouteProgress(p)).toBe(true);
    for (const p of ['/login', '/profile', '/accounts', '/account/create', '/layers']) expect(showsRouteProgress(p)).toBe(false);
  });
});
