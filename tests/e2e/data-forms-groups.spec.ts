import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { createUser, e2eDb, loginAs } from './support/fixtures';

/**
 * Data source forms against a local map service, user groups with members,
 * groups on layers and what a member and a non-member see ([R2.15],
 * [R2.16], [R2.45], [R5.03], [R9.06], [R4.10], [R2.20], [R8.08]).
 */
const WMS_CAPS = `<?xml version="1.0"?><WMS_Capabilities version="1.3.0"><Capability><Layer><Title>root</Title><Layer><Name>roads</Name></Layer><Layer><Name>rivers</Name></Layer></Layer></Capability></WMS_Capabilities>`;
const WMTS_CAPS = `<Capabilities xmlns:ows="http://www.opengis.net/ows/1.1"><Contents><Layer><ows:Identifier>aerial</ows:Identifier></Layer></Contents></Capabilities>`;
const WFS_CAPS = `<WFS_Capabilities><FeatureTypeList><FeatureType><Name>ns:parcels</Name></FeatureType></FeatureTypeList></WFS_Capabilities>`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const GEOJSON = { type: 'FeatureCollection', features: [1, 2, 3].map((n) => ({ type: 'Feature', properties: { n }, geometry: { type: 'Point', coordinates: [n, n] } })) };

let server: Server;
let base: string;

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const u = new URL(req.url!, 'http://x');
    if (u.pathname === '/wms') return void res.writeHead(200, { 'content-type': 'text/xml' }).end(WMS_CAPS);
    if (u.pathname === '/wmts') return void res.writeHead(200, { 'content-type': 'text/xml' }).end(WMTS_CAPS);
    if (u.pathname === '/wfs') return void res.writeHead(200, { 'content-type': 'text/xml' }).end(WFS_CAPS);
    if (u.pathname === '/arcgis/rest/services/Parcels/FeatureServer') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"layers":[{"id":0,"name":"Parcels"}]}');
    if (u.pathname === '/3d/tileset.json') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"asset":{"version":"1.1"},"root":{}}');
    if (u.pathname === '/mvt/0/0/0.pbf') return void res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end(Buffer.from([0x1a, 0x00]));
    if (u.pathname === '/tiles/0/0/0.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (u.pathname === '/data.geojson') return void res.writeHead(200, { 'content-type': 'application/geo+json' }).end(JSON.stringify(GEOJSON));
    res.writeHead(404, { 'content-type': 'text/plain' }).end('missing');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

test.describe('data source forms', () => {
  test('[R2.15] create WMS, XYZ and GeoJSON (URL and upload) through their forms with a connection test', async ({ page, context }) => {
    const user = await createUser({ withAccount: true });
    await loginAs(context, user.id);

    // WMS: the test lists the capabilities' layers
    await page.goto('/datasources');
    await page.getByRole('button', { name: 'Create data source' }).click();
    await expect(page).toHaveURL(/\/datasource\/create$/);
    await expect(page.getByRole('heading', { name: 'Create data source' })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill('Roads WMS');
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'WMS' });
    await page.getByLabel('URL', { exact: true }).fill(`${base}/wms`);
    await page.getByLabel('Layers (comma-separated names)').fill('roads');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByTestId('test-preview')).toContainText('Layers: roads, rivers');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/datasources$/);
    await expect(page.locator('tbody')).toContainText('Roads WMS');

    // XYZ: the test fetches one tile
    await page.goto('/datasource/create');
    await page.getByLabel('Name', { exact: true }).fill('Local tiles');
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'XYZ / TMS tiles' });
    await page.getByLabel('URL', { exact: true }).fill(`${base}/tiles/{z}/{x}/{y}.png`);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByTestId('test-preview')).toContainText(`Tile: image/png, ${PNG.length} bytes`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('tbody')).toContainText('Local tiles');

    // GeoJSON by URL: the test counts features; an error shows the server's answer in a dismissible alert
    await page.goto('/datasource/create');
    await page.getByLabel('Name', { exact: true }).fill('Points');
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'GeoJSON' });
    await page.getByLabel('URL', { exact: true }).fill(`${base}/missing.geojson`);
    await page.getByRole('button', { name: 'Test connection' }).click();
    const alert = page.getByTestId('dismissible-alert');
    await expect(alert).toContainText('{"settings":{"url":["The service answered HTTP 404."]}}');
    await alert.getByRole('button', { name: 'Close' }).click();
    await expect(alert).toHaveCount(0);
    await page.getByLabel('URL', { exact: true }).fill(`${base}/data.geojson`);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByTestId('test-preview')).toContainText('Features: 3');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('tbody')).toContainText('Points');

    // GeoJSON upload
    await page.goto('/datasource/create');
    await page.getByLabel('Name', { exact: true }).fill('Uploaded points');
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'GeoJSON' });
    await page.getByLabel('Upload a file').check();
    await page.getByLabel('File (GeoJSON or PMTiles)').setInputFiles({ name: 'points.geojson', mimeType: 'application/geo+json', buffer: Buffer.from(JSON.stringify(GEOJSON)) });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('tbody')).toContainText('Uploaded points');
    const stored = await e2eDb().query(`SELECT feature_count, file_path FROM datasources WHERE account_id = $1 AND name = 'Uploaded points'`, [user.account!.id]);
    expect(stored.rows[0].feature_count).toBe(3);

    // a bad upload keeps the form and shows the field error
    await page.goto('/datasource/create');
    await page.getByLabel('Name', { exact: true }).fill('Broken');
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'GeoJSON' });
    await page.getByLabel('Upload a file').check();
    await page.getByLabel('File (GeoJSON or PMTiles)').setInputFiles({ name: 'bad.geojson', mimeType: 'application/json', buffer: Buffer.from('{"not":"geojson"}') });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('dismissible-alert')).toContainText('not valid GeoJSON');
    await expect(page).toHaveURL(/\/datasource\/create$/);
  });

  test('[R2.15] create WMTS, WFS, ArcGIS, vector tiles and 3D Tiles through their forms', async ({ page, context }) => {
    const user = await createUser({ withAccount: true });
    await loginAs(context, user.id);
    const cases: { type: string; name: string; fields: [string, string][]; select?: [string, string][]; preview: string }[] = [
      { type: 'WMTS', name: 'Aerial WMTS', fields: [['URL', `${base}/wmts`], ['Layer', 'aerial']], preview: 'Layers: aerial' },
      { type: 'WFS', name: 'Parcels WFS', fields: [['URL', `${base}/wfs`], ['Feature type (typeName)', 'ns:parcels']], preview: 'Layers: ns:parcels' },
      { type: 'ArcGIS MapServer / FeatureServer', name: 'Parcels ArcGIS', fields: [['URL', `${base}/arcgis/rest/services/Parcels/FeatureServer`]], select: [['Service kind', 'FeatureServer']], preview: 'Layers: Parcels' },
      { type: 'Vector tiles', name: 'MVT', fields: [['URL', `${base}/mvt/{z}/{x}/{y}.pbf`], ['Source layer', 'roads']], preview: 'Tile: application/x-protobuf, 2 bytes' },
      { type: '3D Tiles', name: 'City 3D', fields: [['URL', `${base}/3d/tileset.json`]], preview: 'Connection OK' },
    ];
    for (const c of cases) {
      await page.goto('/datasource/create');
      await page.getByLabel('Name', { exact: true }).fill(c.name);
      await page.getByLabel('Type', { exact: true }).selectOption({ label: c.type });
      for (const [label, value] of c.fields) await page.getByLabel(label, { exact: true }).fill(value);
      for (const [label, value] of c.select ?? []) await page.getByLabel(label, { exact: true }).selectOption(value);
      await page.getByRole('button', { name: 'Test connection' }).click();
      await expect(page.getByTestId('test-preview')).toContainText(c.preview);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(/\/datasources$/);
      await expect(page.locator('tbody')).toContainText(c.name);
    }
  });

  test('[R2.16] the edit form is prefilled, never shows credentials, and saves changes', async ({ page, context }) => {
    const user = await createUser({ withAccount: true });
    await loginAs(context, user.id);
    await page.goto('/datasources');
    const create = await page.request.post('/api/datasources', {
      headers: { origin: new URL(page.url()).origin },
      data: { name: 'Secured', type: 'xyz', account: user.account!.id, settings: { url: `${base}/tiles/{z}/{x}/{y}.png` }, credentials: { username: 'joe', password: 'hunter2-secret' } },
    });
    expect(create.status(), await create.text()).toBe(201);
    const id = (await create.json()).id;
    await page.goto(`/datasource/edit/${id}`);
    await expect(page.getByRole('heading', { name: 'Edit data source' })).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Secured');
    await expect(page.getByLabel('URL', { exact: true })).toHaveValue(`${base}/tiles/{z}/{x}/{y}.png`);
    await expect(page.getByText('Credentials are stored.')).toBeVisible();
    await expect(page.getByLabel('Username', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    expect(await page.content()).not.toContain('hunter2-secret');
    await page.getByLabel('Name', { exact: true }).fill('Secured tiles');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/datasources$/);
    await expect(page.locator('tbody')).toContainText('Secured tiles');
  });
});

test.describe('user groups and restricted layers', () => {
  test('[R2.45] [R5.03] [R9.06] [R4.10] [R2.21] create a group (required name, clears and reloads), add a member, delete with confirmation', async ({ page, context }) => {
    const user = await createUser({ withAccount: true });
    const member = await createUser();
    await loginAs(context, user.id);
    await page.goto('/usergroups');
    await expect(page.getByRole('heading', { name: 'User Groups' })).toBeVisible();
    await expect(page.getByText('Add or remove user groups, user groups can be added to individual layers.')).toBeVisible();
    await expect(page.getByText('No user groups found.')).toBeVisible();

    await page.getByRole('button', { name: 'Create group' }).click();
    await expect(page.getByText('This field is required')).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill('Surveyors');
    await page.getByRole('button', { name: 'Create group' }).click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
    const row = page.locator('li[data-group="Surveyors"]');
    await expect(row).toBeVisible();
    await expect(row).toContainText(/\d{4}-\d{2}-\d{2}/);
    const today = new Date();
    await expect(row).toContainText(`${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`);

    await row.getByRole('button', { name: 'Members' }).click();
    await expect(row.getByText('No members yet.')).toBeVisible();
    await row.getByLabel('Username or e-mail').fill(member.email);
    await row.getByRole('button', { name: 'Add member' }).click();
    await expect(row).toContainText(member.username);
    await row.getByLabel('Username or e-mail').fill('nobody-at-all');
    await row.getByRole('button', { name: 'Add member' }).click();
    await expect(row.getByText('No user with this username or e-mail address.')).toBeVisible();

    await page.getByRole('button', { name: 'Delete Surveyors' }).click();
    await expect(page.getByRole('dialog')).toContainText('Are you sure you want to delete this user group?');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
    await page.getByRole('button', { name: 'Delete Surveyors' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete!' }).click();
    await expect(page.getByText('No user groups found.')).toBeVisible();
  });

  test('[R2.20] attach a group to a layer on /layers; a member sees the layer, a non-member does not', async ({ page, context, browser }) => {
    const owner = await createUser({ withAccount: true });
    const inGroup = await createUser();
    const outside = await createUser();
    const db = e2eDb();
    const ws = (await db.query(`INSERT INTO workspaces (name, account_id, admin_id, updated_at) VALUES ('Harbour', $1, $2, now()) RETURNING id`, [owner.account!.id, owner.id])).rows[0].id;
    for (const u of [inGroup, outside]) await db.query(`INSERT INTO invites (workspace_id, user_id, updated_at) VALUES ($1, $2, now())`, [ws, u.id]);
    const ds = (await db.query(`INSERT INTO datasources (account_id, name, settings, updated_at) VALUES ($1, 'Quay walls', '{}', now()) RETURNING id`, [owner.account!.id])).rows[0].id;
    await db.query(`INSERT INTO layers (workspace_id, name, data_source_id, position, updated_at) VALUES ($1, 'Public quays', $2, 0, now()), ($1, 'Secret quays', $2, 1, now())`, [ws, ds]);
    const group = (await db.query(`INSERT INTO user_groups (account_id, name, updated_at) VALUES ($1, 'Harbour crew', now()) RETURNING id`, [owner.account!.id])).rows[0].id;
    await db.query(`INSERT INTO user_group_members (group_id, user_id, updated_at) VALUES ($1, $2, now())`, [group, inGroup.id]);

    await loginAs(context, owner.id);
    await page.goto('/layers');
    const section = page.locator('section[data-workspace="Harbour"]');
    const secret = section.locator('tr[data-layer="Secret quays"]');
    await expect(secret).toContainText('Quay walls');
    await expect(secret).toContainText('Everyone');
    await secret.getByLabel('Attach group Secret quays').selectOption({ label: 'Harbour crew' });
    await expect(secret).toContainText('Harbour crew');
    await expect(secret).not.toContainText('Everyone');

    const seenBy = async (userId: number) => {
      const ctx = await browser.newContext({ baseURL: page.url() });
      await loginAs(ctx, userId);
      const res = await ctx.request.get(`/api/layers?workspace=${ws}`);
      expect(res.status()).toBe(200);
      const names = ((await res.json()).results as { name: string }[]).map((l) => l.name);
      await ctx.close();
      return names;
    };
    expect(await seenBy(inGroup.id)).toEqual(['Public quays', 'Secret quays']);
    expect(await seenBy(outside.id)).toEqual(['Public quays']);

    // detach again: everyone sees it
    await secret.getByRole('button', { name: 'Detach Harbour crew' }).click();
    await expect(secret).toContainText('Everyone');
    expect(await seenBy(outside.id)).toEqual(['Public quays', 'Secret quays']);
  });
});
