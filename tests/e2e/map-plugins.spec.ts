import { expect, test } from '@playwright/test';
import { createUser, loginAs } from './support/fixtures';
import { colorAt, colorName, createDataSource, createLayer, createWorkspace, decodePng, demHeight, pixelAt, startMapServer, waitForMap, type TMapServer } from './support/map-fixtures';

/** The workspace plugins: elevation profile, BI widget and split panel. */
let srv: TMapServer;
test.beforeAll(async () => {
  srv = await startMapServer();
});
test.afterAll(async () => {
  await srv.close();
});

test.describe('workspace plugins', () => {
  test('[R3.04] elevation profile: a line drawn over the local Terrarium DEM is charted in red with min/max and a CSV export', async ({ page, context }) => {
    const owner = await createUser({ withAccount: true });
    const ws = await createWorkspace(owner, {
      camera: { center: [5, 52], zoom: 12, bearing: 0, pitch: 0 },
      plugins: { elevationWidget: { enabled: true, profiles: [{ title: 'AHN3/AHN4', color: 'red', url: `${srv.url}/dem/{z}/{x}/{y}.png`, zoom: 12 }] } },
    });
    await loginAs(context, owner.id);
    await page.goto(`/workspace/view/${ws.id}`);
    await waitForMap(page);
    await page.getByTestId('toggle-panel').click();
    await page.getByTestId('tool-profile').click();
    const map = page.getByTestId('map');
    await map.click({ position: { x: 200, y: 200 } });
    await map.click({ position: { x: 900, y: 260 } });
    await page.getByTestId('profile-finish').click();
    const chart = page.getByTestId('profile-chart');
    await expect(chart).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('profile-legend')).toContainText('AHN3/AHN4');
    const line = page.getByTestId('profile-line');
    await expect(line).toHaveAttribute('stroke', 'red');
    const min = Number((await page.getByTestId('profile-min').textContent())!.match(/-?[\d.]+/)![0]);
    const max = Number((await page.getByTestId('profile-max').textContent())!.match(/-?[\d.]+/)![0]);
    expect(min).toBeGreaterThanOrEqual(demHeight(0));
    expect(max).toBeLessThanOrEqual(demHeight(255));
    expect(max).toBeGreaterThan(min);
    await expect(page.getByTestId('profile-xtick').first()).toHaveText(/0 m/);
    const img = decodePng(await chart.screenshot());
    let red = 0;
    for (let y = 0; y < img.height; y++) for (let x = 0; x < img.width; x++) if (colorName(pixelAt(img, x, y)) === 'red') red++;
    expect(red).toBeGreaterThan(50);
    const download = page.waitForEvent('download');
    await page.getByTestId('profile-csv').click();
    const file = await download;
    const { readFileSync } = await import('node:fs');
    const csv = readFileSync((await file.path())!, 'utf8');
    expect(csv.split('\n')[0]).toBe('profile,distance_m,lon,lat,height_m');
    expect(csv.split('\n').length).toBeGreaterThan(50);
  });

  test('[R3.04] BI widget: the iframe gets the configured URL with the current extent', async ({ page, context }) => {
    const owner = await createUser({ withAccount: true });
    const ws = await createWorkspace(owner, { plugins: { biWidget: { enabled: true, url: `${srv.url}/bi?bbox={bbox}&west={west}&north={north}` } } });
    await loginAs(context, owner.id);
    await page.goto(`/workspace/view/${ws.id}`);
    await waitForMap(page);
    await page.getByTestId('tool-bi').click();
    const frame = page.getByTestId('bi-iframe');
    await expect(frame).toHaveAttribute('src', /bbox=-?\d+\.\d+,-?\d+\.\d+,-?\d+\.\d+,-?\d+\.\d+&west=/);
    const src = new URL((await frame.getAttribute('src'))!);
    const [w, s, e, n] = src.searchParams.get('bbox')!.split(',').map(Number);
    expect(w).toBeLessThan(5);
    expect(e).toBeGreaterThan(5);
    expect(s).toBeLessThan(52);
    expect(n).toBeGreaterThan(52);
    expect(Number(src.searchParams.get('west'))).toBeCloseTo(w, 5);
    await expect.poll(() => srv.requests.some((r) => r.startsWith('/bi?bbox='))).toBe(true);
    await expect(page.frameLocator('[data-testid="bi-iframe"]').locator('#q')).toContainText('bbox=');
  });

  test('[R3.04] split view shows two maps side by side with the left and right layer sets', async ({ page, context }) => {
    const owner = await createUser({ withAccount: true });
    const acc = owner.account!.id;
    const blueDs = await createDataSource(acc, 'xyz', { url: `${srv.url}/tiles/blue/{z}/{x}/{y}.png` });
    const greenDs = await createDataSource(acc, 'xyz', { url: `${srv.url}/tiles/green/{z}/{x}/{y}.png` });
    const ws = await createWorkspace(owner);
    const blue = await createLayer(ws.id, blueDs, { name: 'Before', position: 0 });
    const green = await createLayer(ws.id, greenDs, { name: 'After', position: 1 });
    await (await import('./support/fixtures')).e2eDb().query(`UPDATE workspaces SET workspace_plugins = $1 WHERE id = $2`, [JSON.stringify({ splitPanel: { enabled: true, mode: 'side', left: [blue], right: [green] } }), ws.id]);
    await loginAs(context, owner.id);
    await page.goto(`/workspace/view/${ws.id}`);
    await waitForMap(page);
    await page.getByTestId('toggle-panel').click();
    await expect.poll(() => colorAt(page, 0.5, 0.5), { timeout: 20_000 }).toBe('green');
    await page.getByTestId('tool-split').click();
    await expect(page.getByTestId('split-map')).toBeVisible();
    await expect(page.locator('canvas.maplibregl-canvas')).toHaveCount(2);
    await expect.poll(() => colorAt(page, 0.5, 0.5, 'map'), { timeout: 20_000 }).toBe('blue');
    await expect.poll(() => colorAt(page, 0.5, 0.5, 'split-map'), { timeout: 20_000 }).toBe('green');
    const left = (await page.getByTestId('map').boundingBox())!;
    const right = (await page.getByTestId('split-map').boundingBox())!;
    expect(right.x).toBeGreaterThanOrEqual(left.x + left.width - 2);
    await page.getByTestId('split-close').click();
    await expect(page.getByTestId('split-map')).toHaveCount(0);
    await expect.poll(() => colorAt(page, 0.5, 0.5), { timeout: 20_000 }).toBe('green');
  });
});
