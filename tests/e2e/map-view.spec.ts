import { expect, test } from '@playwright/test';
import { createUser, loginAs } from './support/fixtures';
import { colorAt, createDataSource, createLayer, createWorkspace, startMapServer, waitForMap, type TMapServer } from './support/map-fixtures';

/** The read-only map page /workspace/view/{id}: layers from local services rendered to pixels. */
let srv: TMapServer;
test.beforeAll(async () => {
  srv = await startMapServer();
});
test.afterAll(async () => {
  await srv.close();
});

const RED = { fill: '#ff0000', color: '#ff0000', opacity: 1 };

async function xyzAndGeojson(opts: { xyzPosition?: number; extraGreenPosition?: number } = {}) {
  const owner = await createUser({ withAccount: true });
  const ws = await createWorkspace(owner);
  const acc = owner.account!.id;
  const blue = await createDataSource(acc, 'xyz', { url: `${srv.url}/tiles/blue/{z}/{x}/{y}.png`, scheme: 'xyz' });
  const geo = await createDataSource(acc, 'geojson', { url: `${srv.url}/data.geojson` });
  const ids = {
    blue: await createLayer(ws.id, blue, { name: 'Blue tiles', position: opts.xyzPosition ?? 0 }),
    geo: await createLayer(ws.id, geo, { name: 'Squares', position: 1, template: RED }),
    green: 0,
  };
  if (opts.extraGreenPosition !== undefined) {
    const green = await createDataSource(acc, 'xyz', { url: `${srv.url}/tiles/green/{z}/{x}/{y}.png` });
    ids.green = await createLayer(ws.id, green, { name: 'Green tiles', position: opts.extraGreenPosition });
  }
  return { owner, ws, ids };
}

test.describe('workspace view', () => {
  test('[R2.12] an XYZ and a GeoJSON layer render their colours; toggling visibility removes the layer pixels', async ({ page, context }) => {
    const { owner, ws, ids } = await xyzAndGeojson();
    await loginAs(context, owner.id);
    await page.goto(`/workspace/view/${ws.id}`);
    await waitForMap(page);
    await expect(page.getByTestId('workspace-name')).toHaveText(ws.name);
    await expect.poll(() => colorAt(page, 0.5, 0.5), { timeout: 20_000 }).toBe('red');
    await expect.poll(() => colorAt(page, 0.85, 0.6)).toBe('blue');
    await page.getByTestId(`toggle-${ids.geo}`).uncheck();
    await expect.poll(() => colorAt(page, 0.5, 0.5)).toBe('blue');
    await page.getByTestId(`toggle-${ids.blue}`).uncheck();
    await expect.poll(() => colorAt(page, 0.85, 0.6)).toBe('background');
  });

  test('[R3.05] draw order follows the layer positions: a higher tile layer covers the GeoJSON', async ({ page, context }) => {
    const { owner, ws, ids } = await xyzAndGeojson({ extraGreenPosition: 5 });
    await loginAs(context, owner.id);
    await page.goto(`/workspace/view/${ws.id}`);
    await waitForMap(page);
    await expect.poll(() => colorAt(page, 0.5, 0.5), { timeout: 20_000 }).toBe('green');
    const rows = page.getByTestId('layer-tree').locator('li[data-layer-name]');
    await expect(rows.first()).toHaveAttribute('data-layer-name', 'Green tiles');
    await page.getByTestId(`toggle-${ids.green}`).uncheck();
    await expect.poll(() => colorAt(page, 0.5, 0.5)).toBe('red');
  });

  test('[R3.04] the saved camera of the workspace is restored on open', async ({ page, context }) => {
    const owner = await createUser({ withAccount: true });
    const ws = await createWorkspace(owner, { camera: { center: [10.5, 48.25], zoom: 9.5, bearing: 30, pitch: 20 } });
    await loginAs(context, owner.id);
    await page.goto(`/workspace/view/${ws.id}`);
    await waitForMap(page);
    const cam = JSON.parse((await page.getByTestId('map').getAttribute('data-camera')) ?? '{}');
    expect(cam.center[0]).toBeCloseTo(10.5, 3);
    expect(cam.center[1]).toBeCloseTo(48.25, 3);
    expect(cam.zoom).toBeCloseTo(9.5, 1);
    expect(cam.bearing).toBeCloseTo(30, 0);
    expect(cam.pitch).toBeCloseTo(20, 0);
  });

  test('[R2.12] WMS layer: GetMap pixels, GetLegendGraphic legend and GetFeatureInfo on click', async ({ page, context }) => {
    const owner = await createUser({ withAccount: true });
    const ws = await createWorkspace(owner);
    const wms = await createDataSource(owner.account!.id, 'wms', { url: `${srv.url}/wms/yellow`, layers: 'parcels', format: 'image/png', transparent: true, version: '1.3.0' });
    const id = await createLayer(ws.id, wms, { name: 'Parcels', position: 0 });
    await loginAs(context, owner.id);
    await page.goto(`/workspace/view/${ws.id}`);
    await waitForMap(page);
    await expect.poll(() => colorAt(page, 0.5, 0.5), { timeout: 20_000 }).toBe('yellow');
    expect(srv.requests.some((r) => r.includes('REQUEST=GetMap') && /BBOX=-?\d/.test(r) && r.includes('CRS=EPSG%3A3857'))).toBe(true);
    await page.getByTestId('tab-legend').click();
    await expect(page.getByTestId(`legend-img-${id}`)).toHaveAttribute('src', /REQUEST=GetLegendGraphic/);
    await page.getByTestId('map').click({ position: { x: 700, y: 400 } });
    await expect(page.getByTestId('feature-info')).toContainText('P-42');
  });

  test('[R2.12] feature info shows GeoJSON properties and the search flies to a matching feature', async ({ page, context }) => {
    const { owner, ws } = await xyzAndGeojson();
    await loginAs(context, owner.id);
    await page.goto(`/workspace/view/${ws.id}`);
    await waitForMap(page);
    await expect.poll(() => colorAt(page, 0.5, 0.5), { timeout: 20_000 }).toBe('red');
    const box = (await page.getByTestId('map').boundingBox())!;
    await page.getByTestId('map').click({ position: { x: box.width / 2, y: box.height / 2 } });
    await expect(page.getByTestId('feature-info')).toContainText('Central square');
    await page.getByTestId('feature-search').fill('alpha');
    await page.getByTestId('feature-search').press('Enter');
    await expect(page.getByTestId('search-results')).toContainText('Alpha Tower');
    await expect
      .poll(async () => JSON.parse((await page.getByTestId('map').getAttribute('data-camera')) ?? '{}').center?.[0], { timeout: 15_000 })
      .toBeCloseTo(8.5, 1);
  });

  test('[R3.05] unsupported sources, failing sources and invalid styles are reported on the layer', async ({ page, context }) => {
    const owner = await createUser({ withAccount: true });
    const ws = await createWorkspace(owner);
    const acc = owner.account!.id;
    const tiles3d = await createDataSource(acc, '3dtiles', { url: `${srv.url}/tileset.json` });
    const pm = await createDataSource(acc, 'vectortiles', { url: `${srv.url}/mvt/{z}/{x}/{y}.pbf` });
    const broken = await createDataSource(acc, 'xyz', { url: `${srv.url}/broken/{z}/{x}/{y}.png` });
    const a = await createLayer(ws.id, tiles3d, { name: 'Buildings 3D', position: 0 });
    const b = await createLayer(ws.id, pm, { name: 'Vector tiles without source layer', position: 1 });
    const c = await createLayer(ws.id, broken, { name: 'Broken tiles', position: 2 });
    const geo = await createDataSource(acc, 'geojson', { url: `${srv.url}/data.geojson` });
    const d = await createLayer(ws.id, geo, { name: 'Bad style', position: 3, template: { paint: { 'fill-color': 12 } } });
    await loginAs(context, owner.id);
    await page.goto(`/workspace/view/${ws.id}`);
    await expect(page.getByTestId(`layer-error-${a}`)).toContainText('not supported in this view');
    await expect(page.getByTestId(`layer-error-${b}`)).toContainText('Set sourceLayer');
    await expect(page.getByTestId(`layer-error-${c}`)).toContainText('HTTP 500');
    await expect(page.getByTestId(`layer-error-${d}`)).toContainText('template) is invalid');
  });

  test('[R2.12] vector tiles from a PMTiles archive (range requests, gzip) render with the template style', async ({ page, context }) => {
    const owner = await createUser({ withAccount: true });
    const ws = await createWorkspace(owner);
    const acc = owner.account!.id;
    const blue = await createDataSource(acc, 'xyz', { url: `${srv.url}/tiles/blue/{z}/{x}/{y}.png` });
    const pm = await createDataSource(acc, 'vectortiles', { url: `${srv.url}/area.pmtiles`, sourceLayer: 'areas' });
    await createLayer(ws.id, blue, { name: 'Blue', position: 0 });
    const id = await createLayer(ws.id, pm, { name: 'PMTiles areas', position: 1, template: { fill: '#ff0000', color: '#ff0000', opacity: 1 } });
    await loginAs(context, owner.id);
    await page.goto(`/workspace/view/${ws.id}`);
    await waitForMap(page);
    await expect.poll(() => colorAt(page, 0.5, 0.5), { timeout: 20_000 }).toBe('red');
    await expect(page.getByTestId(`layer-error-${id}`)).toHaveCount(0);
    await page.getByTestId(`toggle-${id}`).uncheck();
    await expect.poll(() => colorAt(page, 0.5, 0.5)).toBe('blue');
  });

  test('[R2.12] a PMTiles source without sourceLayer is styled from the archive metadata (vector_layers)', async ({ page, context }) => {
    const owner = await createUser({ withAccount: true });
    const ws = await createWorkspace(owner);
    const pm = await createDataSource(owner.account!.id, 'vectortiles', { url: `${srv.url}/area.pmtiles` });
    const id = await createLayer(ws.id, pm, { name: 'Auto layers', position: 0, template: { fill: '#ff0000', color: '#ff0000', opacity: 1 } });
    await loginAs(context, owner.id);
    await page.goto(`/workspace/view/${ws.id}`);
    await waitForMap(page);
    await expect.poll(() => colorAt(page, 0.5, 0.5), { timeout: 20_000 }).toBe('red');
    await expect(page.getByTestId(`layer-error-${id}`)).toHaveCount(0);
    const box = (await page.getByTestId('map').boundingBox())!;
    await page.getByTestId('map').click({ position: { x: box.width / 2, y: box.height / 2 } });
    await expect(page.getByTestId('feature-info')).toContainText('Everywhere');
    await page.getByTestId('feature-search').fill('everywhere');
    await page.getByTestId('feature-search').press('Enter');
    await expect(page.getByTestId('search-results')).toContainText('Everywhere');
  });

  test('[R2.12] WMTS (KVP tile template), ArcGIS MapServer export and WFS GetFeature layers render', async ({ page, context }) => {
    const owner = await createUser({ withAccount: true });
    const ws = await createWorkspace(owner);
    const acc = owner.account!.id;
    const wmts = await createDataSource(acc, 'wmts', { url: `${srv.url}/wmts/yellow/{TileMatrixSet}/{TileMatrix}/{TileCol}/{TileRow}.png`, layer: 'yellow' });
    const ms = await createDataSource(acc, 'arcgis', { url: `${srv.url}/arcgis/rest/services/green/MapServer`, kind: 'MapServer' });
    const wfs = await createDataSource(acc, 'wfs', { url: `${srv.url}/wfs`, typeName: 'ns:squares' });
    const a = await createLayer(ws.id, wmts, { name: 'WMTS', position: 0 });
    const b = await createLayer(ws.id, ms, { name: 'MapServer', position: 1 });
    const c = await createLayer(ws.id, wfs, { name: 'WFS', position: 2, template: { fill: '#ff0000', color: '#ff0000', opacity: 1 } });
    await loginAs(context, owner.id);
    await page.goto(`/workspace/view/${ws.id}`);
    await waitForMap(page);
    await expect.poll(() => colorAt(page, 0.5, 0.5), { timeout: 20_000 }).toBe('red');
    await expect.poll(() => colorAt(page, 0.85, 0.6)).toBe('green');
    expect(srv.requests.some((r) => r.startsWith('/wfs?') && r.includes('TYPENAMES=ns%3Asquares') && r.includes('OUTPUTFORMAT=application%2Fjson'))).toBe(true);
    expect(srv.requests.some((r) => r.includes('/MapServer/export?bbox=') && r.includes('f=image'))).toBe(true);
    await page.getByTestId(`toggle-${c}`).uncheck();
    await page.getByTestId(`toggle-${b}`).uncheck();
    await expect.poll(() => colorAt(page, 0.5, 0.5)).toBe('yellow');
    await page.getByTestId(`toggle-${a}`).uncheck();
    await expect.poll(() => colorAt(page, 0.5, 0.5)).toBe('background');
  });

  test('[R3.05] base layers are a radio switcher', async ({ page, context }) => {
    const owner = await createUser({ withAccount: true });
    const ws = await createWorkspace(owner);
    const acc = owner.account!.id;
    const blue = await createDataSource(acc, 'xyz', { url: `${srv.url}/tiles/blue/{z}/{x}/{y}.png` });
    const green = await createDataSource(acc, 'xyz', { url: `${srv.url}/tiles/green/{z}/{x}/{y}.png` });
    const b1 = await createLayer(ws.id, blue, { name: 'Blue baseLayer', position: 0 });
    const b2 = await createLayer(ws.id, green, { name: 'Green baseLayer', position: 1, visible: false });
    await loginAs(context, owner.id);
    await page.goto(`/workspace/view/${ws.id}`);
    await waitForMap(page);
    await expect(page.getByTestId('base-switcher')).toBeVisible();
    await expect(page.getByTestId(`base-${b1}`)).toBeChecked();
    await expect.poll(() => colorAt(page, 0.5, 0.5), { timeout: 20_000 }).toBe('blue');
    await page.getByTestId(`base-${b2}`).check();
    await expect(page.getByTestId(`base-${b1}`)).not.toBeChecked();
    await expect.poll(() => colorAt(page, 0.5, 0.5)).toBe('green');
  });

  test('[R1.03] workspace pages have no footer; the map page fills the screen', async ({ page, context }) => {
    const owner = await createUser({ withAccount: true });
    const ws = await createWorkspace(owner);
    await loginAs(context, owner.id);
    await page.goto(`/workspace/view/${ws.id}`);
    await waitForMap(page);
    await expect(page.getByTestId('footer')).toHaveCount(0);
    const box = (await page.getByTestId('map').boundingBox())!;
    expect(box.width).toBe(page.viewportSize()!.width);
  });

  test('[R2.12] a foreign workspace is a 404 page and an anonymous visitor is sent to /', async ({ page, context, browser }) => {
    const owner = await createUser({ withAccount: true });
    const other = await createUser({ withAccount: true });
    const ws = await createWorkspace(owner);
    await loginAs(context, other.id);
    const res = await page.goto(`/workspace/view/${ws.id}`);
    expect(res?.status()).toBe(404);
    const anon = await browser.newContext();
    const p2 = await anon.newPage();
    await p2.goto(`/workspace/view/${ws.id}`);
    await expect(p2).toHaveURL(/\/(login)?$/);
    await anon.close();
  });

  test('[R9.02] mobile layout (≤ 760 px): the layer tree is a bottom sheet', async ({ page, context }) => {
    const { owner, ws, ids } = await xyzAndGeojson();
    await page.setViewportSize({ width: 760, height: 800 });
    await loginAs(context, owner.id);
    await page.goto(`/workspace/view/${ws.id}`);
    await waitForMap(page);
    await expect(page.getByTestId('layer-sheet')).toHaveCount(0);
    await page.getByTestId('toggle-panel').click();
    const sheet = page.getByTestId('layer-sheet');
    await expect(sheet).toBeVisible();
    const box = (await sheet.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(800);
    await expect(sheet.getByTestId(`layer-${ids.geo}`)).toBeVisible();
    await page.setViewportSize({ width: 761, height: 800 });
    await expect(page.getByTestId('layer-sheet')).toHaveCount(0);
    await expect(page.getByTestId('layer-panel')).toBeVisible();
  });
});

test.describe('map library loading', () => {
  test('[R2.12] MapLibre is loaded on the workspace pages only, not on other pages', async ({ page, context }) => {
    const owner = await createUser({ withAccount: true });
    const ws = await createWorkspace(owner);
    const scripts = new Map<string, string>();
    page.on('response', async (r) => {
      if (r.request().resourceType() === 'script' || r.url().endsWith('.js')) scripts.set(r.url(), await r.text().catch(() => ''));
    });
    const mapScripts = () => [...scripts].filter(([, body]) => body.includes('maplibregl-canvas')).map(([url]) => url);
    await page.goto('/login');
    await page.waitForLoadState('load');
    await page.waitForTimeout(1000);
    expect(mapScripts()).toEqual([]);
    // Even the share route does not load the library when it has no map to show.
    await page.goto(`/workspace/share/${ws.id}/${'0'.repeat(48)}`);
    await expect(page.getByTestId('share-invalid')).toBeVisible();
    await page.waitForTimeout(1000);
    expect(mapScripts()).toEqual([]);
    await loginAs(context, owner.id);
    await page.goto(`/workspace/view/${ws.id}`);
    await waitForMap(page);
    expect(mapScripts().length).toBeGreaterThan(0);
  });
});
