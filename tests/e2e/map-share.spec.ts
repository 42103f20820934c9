import { expect, test } from '@playwright/test';
import { createUser, loginAs } from './support/fixtures';
import { colorAt, createDataSource, createLayer, createShareLink, createWorkspace, invite, restrictLayer, startMapServer, waitForMap, type TMapServer } from './support/map-fixtures';

/** The public page /workspace/share/{id}/{token} and group-restricted layers per role. */
let srv: TMapServer;
test.beforeAll(async () => {
  srv = await startMapServer();
});
test.afterAll(async () => {
  await srv.close();
});

async function restrictedWorkspace() {
  const owner = await createUser({ withAccount: true });
  const member = await createUser({ withAccount: true });
  const outsider = await createUser({ withAccount: true });
  const ws = await createWorkspace(owner);
  const acc = owner.account!.id;
  const blue = await createDataSource(acc, 'xyz', { url: `${srv.url}/tiles/blue/{z}/{x}/{y}.png` });
  const geo = await createDataSource(acc, 'geojson', { url: `${srv.url}/data.geojson` });
  const open = await createLayer(ws.id, blue, { name: 'Open tiles', position: 0 });
  const secret = await createLayer(ws.id, geo, { name: 'Team-only squares', position: 1, template: { fill: '#ff0000', color: '#ff0000', opacity: 1 } });
  await restrictLayer(acc, secret, [member.id]);
  await invite(ws.id, member.id);
  await invite(ws.id, outsider.id);
  return { owner, member, outsider, ws, open, secret };
}

test.describe('public share link', () => {
  test('[R2.09] [R4.07] [R6.01] opens in a fresh context without cookies or authorization header; restricted layers are absent', async ({ browser }) => {
    const { ws, open, secret } = await restrictedWorkspace();
    const token = await createShareLink(ws.id);
    const context = await browser.newContext();
    const page = await context.newPage();
    const authHeaders: string[] = [];
    page.on('request', (r) => {
      const h = r.headers().authorization;
      if (h) authHeaders.push(`${r.url()} ${h}`);
    });
    const res = await page.goto(`/workspace/share/${ws.id}/${token}`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['referrer-policy']).toBe('no-referrer');
    await waitForMap(page);
    await expect(page.getByTestId('workspace-name')).toHaveText(ws.name);
    await expect(page.getByTestId(`layer-${open}`)).toBeVisible();
    await expect(page.getByTestId(`layer-${secret}`)).toHaveCount(0);
    await expect(page.getByText('Team-only squares')).toHaveCount(0);
    await expect(page.getByTestId('save-view')).toHaveCount(0);
    await expect.poll(() => colorAt(page, 0.5, 0.5), { timeout: 20_000 }).toBe('blue');
    expect(srv.requests.filter((r) => r.includes('data.geojson'))).toEqual([]);
    expect(authHeaders).toEqual([]);
    expect(await context.cookies()).toEqual([]);
    await context.close();
  });

  test('[R2.09] a logged-in member opening the share link still sees only what the token may see', async ({ page, context }) => {
    const { ws, member, secret } = await restrictedWorkspace();
    const token = await createShareLink(ws.id);
    await loginAs(context, member.id);
    await page.goto(`/workspace/share/${ws.id}/${token}`);
    await waitForMap(page);
    await expect(page.getByTestId(`layer-${secret}`)).toHaveCount(0);
  });

  test('[R2.09] a revoked, expired or unknown link shows a clear page with a way to log in', async ({ page }) => {
    const owner = await createUser({ withAccount: true });
    const ws = await createWorkspace(owner);
    const revoked = await createShareLink(ws.id, { revoked: true });
    const expired = await createShareLink(ws.id, { expired: true });
    for (const token of [revoked, expired, 'f'.repeat(48)]) {
      await page.goto(`/workspace/share/${ws.id}/${token}`);
      await expect(page.getByTestId('share-invalid')).toContainText('This share link is no longer valid');
      await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
      await expect(page.getByTestId('map')).toHaveCount(0);
    }
    const other = await createWorkspace(owner);
    const token = await createShareLink(ws.id);
    await page.goto(`/workspace/share/${other.id}/${token}`);
    await expect(page.getByTestId('share-invalid')).toBeVisible();
  });

  test('[R4.06] [R6.03] a group-restricted layer is shown to a group member and hidden from a non-member invitee', async ({ browser }) => {
    const { ws, member, outsider, secret } = await restrictedWorkspace();
    const memberCtx = await browser.newContext();
    await loginAs(memberCtx, member.id);
    const mp = await memberCtx.newPage();
    await mp.goto(`/workspace/view/${ws.id}`);
    await waitForMap(mp);
    await expect(mp.getByTestId(`layer-${secret}`)).toBeVisible();
    await expect.poll(() => colorAt(mp, 0.5, 0.5), { timeout: 20_000 }).toBe('red');
    await memberCtx.close();

    const outCtx = await browser.newContext();
    await loginAs(outCtx, outsider.id);
    const op = await outCtx.newPage();
    await op.goto(`/workspace/view/${ws.id}`);
    await waitForMap(op);
    await expect(op.getByTestId(`layer-${secret}`)).toHaveCount(0);
    await expect.poll(() => colorAt(op, 0.5, 0.5), { timeout: 20_000 }).toBe('blue');
    // An invitee is a viewer: the edit route renders the read-only map.
    await op.goto(`/workspace/${ws.id}`);
    await expect(op.getByTestId('workspace-map')).toHaveAttribute('data-mode', 'view');
    await expect(op.getByTestId('save-view')).toHaveCount(0);
    await outCtx.close();
  });
});
