import { expect, test } from '@playwright/test';
import { createUser, loginAs } from './support/fixtures';
import { ARCGIS_TOKEN, colorAt, createDataSource, createLayer, createWorkspace, startMapServer, waitForMap, type TMapServer } from './support/map-fixtures';

/** "ArcGIS sign-in" on a private FeatureServer layer: popup → /esri-oauth-callback → token on the layer's requests. */
let srv: TMapServer;
test.beforeAll(async () => {
  srv = await startMapServer();
});
test.afterAll(async () => {
  await srv.close();
});

test('[R2.46] ArcGIS sign-in: the token from the OAuth popup reaches the private FeatureServer layer', async ({ page, context }) => {
  const owner = await createUser({ withAccount: true });
  const ws = await createWorkspace(owner);
  const acc = owner.account!.id;
  const blue = await createDataSource(acc, 'xyz', { url: `${srv.url}/tiles/blue/{z}/{x}/{y}.png` });
  const fs = await createDataSource(acc, 'arcgis', { url: `${srv.url}/arcgis/rest/services/Private/FeatureServer/0`, kind: 'FeatureServer', clientId: 'client-abc', portal: `${srv.url}/portal` });
  await createLayer(ws.id, blue, { name: 'Blue', position: 0 });
  const id = await createLayer(ws.id, fs, { name: 'Private features', position: 1, template: { fill: '#ff0000', color: '#ff0000', opacity: 1 } });
  await loginAs(context, owner.id);
  await page.goto(`/workspace/view/${ws.id}`);
  await waitForMap(page);
  await expect.poll(() => colorAt(page, 0.5, 0.5), { timeout: 20_000 }).toBe('blue');
  const popupPromise = page.waitForEvent('popup');
  await page.getByTestId(`arcgis-signin-${id}`).click();
  const popup = await popupPromise;
  await popup.waitForEvent('close', { timeout: 15_000 });
  const authorize = srv.requests.find((r) => r.startsWith('/portal/sharing/rest/oauth2/authorize'))!;
  const q = new URL(authorize, 'http://x').searchParams;
  expect(q.get('client_id')).toBe('client-abc');
  expect(q.get('response_type')).toBe('token');
  expect(q.get('redirect_uri')).toBe(`${new URL(page.url()).origin}/esri-oauth-callback`);
  await expect(page.getByText('Signed in to ArcGIS for Private features')).toBeVisible();
  await expect(page.getByTestId(`layer-error-${id}`)).toHaveCount(0);
  await expect.poll(() => colorAt(page, 0.5, 0.5), { timeout: 20_000 }).toBe('red');
  expect(srv.requests.some((r) => r.includes('/FeatureServer/0/query') && r.includes(`token=${ARCGIS_TOKEN}`))).toBe(true);
});
