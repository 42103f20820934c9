import { expect, test, type Page, type Route } from '@playwright/test';
import { createUser, loginAs } from './support/fixtures';
import { colorAt, createDataSource, createLayer, createWorkspace, startMapServer, waitForMap, type TMapServer } from './support/map-fixtures';

/**
 * The edit-mode client against the API contracts (PATCH /api/workspaces/{id},
 * PATCH/POST /api/layers, POST /api/layers/reorder, GET /api/datasources,
 * GET /api/userGroup), answered in the browser so the request bodies, the
 * version handling and the 409 message are checked independently of the
 * server implementation (map-edit.spec.ts runs the same flows end to end).
 */
let srv: TMapServer;
test.beforeAll(async () => {
  srv = await startMapServer();
});
test.afterAll(async () => {
  await srv.close();
});

async function setup(page: Page, context: import('@playwright/test').BrowserContext) {
  const owner = await createUser({ withAccount: true });
  const ws = await createWorkspace(owner);
  const acc = owner.account!.id;
  const blue = await createDataSource(acc, 'xyz', { url: `${srv.url}/tiles/blue/{z}/{x}/{y}.png` });
  const geo = await createDataSource(acc, 'geojson', { url: `${srv.url}/data.geojson` });
  const ids = {
    blue: await createLayer(ws.id, blue, { name: 'Blue tiles', position: 0 }),
    geo: await createLayer(ws.id, geo, { name: 'Squares', position: 1, template: { fill: '#ff0000', color: '#ff0000', opacity: 1 } }),
  };
  await loginAs(context, owner.id);
  return { owner, ws, ids };
}

const json = (route: Route, body: unknown, status = 200) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

test.describe('edit-mode client (API answered in the browser)', () => {
  test('[R2.10] Save view PATCHes the camera JSON with the version, follows the new version and explains a 409', async ({ page, context }) => {
    const { ws } = await setup(page, context);
    const bodies: Record<string, unknown>[] = [];
    let conflict = false;
    await page.route(`**/api/workspaces/${ws.id}`, async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      bodies.push(body);
      if (conflict) return json(route, { detail: 'This object was changed by someone else. Reload it and try again.' }, 409);
      return json(route, { id: ws.id, version: (body.version as number) + 1, camera: body.camera });
    });
    await page.goto(`/workspace/${ws.id}`);
    await waitForMap(page);
    await page.evaluate(() => (window as unknown as { __mapspaceMap: { jumpTo: (o: object) => void } }).__mapspaceMap.jumpTo({ center: [6.5, 51.75], zoom: 9, bearing: 12, pitch: 30 }));
    await page.getByTestId('save-view').click();
    await expect(page.getByText('View saved')).toBeVisible();
    expect(bodies[0].version).toBe(1);
    expect(JSON.parse(bodies[0].camera as string)).toEqual({ center: [6.5, 51.75], zoom: 9, bearing: 12, pitch: 30 });
    expect(Object.keys(bodies[0]).sort()).toEqual(['camera', 'version']);
    await page.getByTestId('save-view').click();
    await expect.poll(() => bodies.length).toBe(2);
    expect(bodies[1].version).toBe(2);
    conflict = true;
    await page.getByTestId('save-view').click();
    await expect(page.getByText(/Someone else changed this in the meantime/)).toBeVisible();
  });

  test('[R2.10] reorder (buttons and drag and drop) posts the sibling order and redraws; a failed reorder is rolled back', async ({ page, context }) => {
    const { ws, ids } = await setup(page, context);
    const bodies: unknown[] = [];
    let fail = false;
    await page.route('**/api/layers/reorder', async (route) => {
      bodies.push(route.request().postDataJSON());
      return fail ? json(route, { detail: 'You do not have permission to perform this action.' }, 403) : json(route, []);
    });
    await page.goto(`/workspace/${ws.id}`);
    await waitForMap(page);
    await expect.poll(() => colorAt(page, 0.5, 0.5), { timeout: 20_000 }).toBe('red');
    await page.getByTestId(`up-${ids.blue}`).click();
    await expect.poll(() => colorAt(page, 0.5, 0.5)).toBe('blue');
    expect(bodies[0]).toEqual({ workspace: ws.id, order: [{ id: ids.geo, parent: null, position: 0 }, { id: ids.blue, parent: null, position: 1 }] });
    // Drag and drop: the red squares dropped onto the blue row take its place on top again.
    await page.getByTestId(`layer-${ids.geo}`).dragTo(page.getByTestId(`layer-${ids.blue}`));
    await expect.poll(() => bodies.length).toBe(2);
    expect(bodies[1]).toEqual({ workspace: ws.id, order: [{ id: ids.blue, parent: null, position: 0 }, { id: ids.geo, parent: null, position: 1 }] });
    await expect.poll(() => colorAt(page, 0.5, 0.5)).toBe('red');
    fail = true;
    await page.getByTestId(`up-${ids.blue}`).click();
    await expect(page.getByText('You do not have permission to perform this action.')).toBeVisible();
    await expect.poll(() => colorAt(page, 0.5, 0.5)).toBe('red');
  });

  test('[R2.10] add a layer from a data source, then restyle it and attach a user group', async ({ page, context }) => {
    const { ws, owner } = await setup(page, context);
    const greenDs = await createDataSource(owner.account!.id, 'xyz', { url: `${srv.url}/tiles/green/{z}/{x}/{y}.png` }, 'Green source');
    const created: unknown[] = [];
    const patched: Record<string, unknown>[] = [];
    await page.route('**/api/datasources', (route) => json(route, { count: 1, next: null, previous: null, results: [{ id: greenDs, name: 'Green source', type: 3 }] }));
    await page.route('**/api/userGroup', (route) => json(route, { count: 1, next: null, previous: null, results: [{ id: 77, name: 'Field team' }] }));
    await page.route('**/api/layers', async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      created.push(body);
      return json(
        route,
        {
          id: 990001,
          name: body.name,
          visible: true,
          data_source: greenDs,
          source: { id: greenDs, name: 'Green source', type: 3, type_code: 'xyz', settings: { url: `${srv.url}/tiles/green/{z}/{x}/{y}.png` }, data_url: null, bbox: null, feature_count: null },
          template: '{}',
          layers: [],
          isGroup: false,
          isLoading: false,
          error: null,
          level: 0,
          baselayer: false,
          opacity: 1,
          position: 2,
          parent: null,
          workspace: ws.id,
          user_groups: [],
          version: 1,
        },
        201,
      );
    });
    await page.route('**/api/layers/990001', async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      patched.push(body);
      return json(route, { id: 990001, version: 2, user_groups: body.user_groups });
    });
    await page.goto(`/workspace/${ws.id}`);
    await waitForMap(page);
    await page.getByTestId('add-layer').click();
    await page.getByTestId('add-layer-source').selectOption({ value: String(greenDs) });
    await page.getByTestId('add-layer-name').fill('Green overlay');
    await page.getByTestId('add-layer-submit').click();
    await expect(page.getByTestId('layer-990001')).toHaveAttribute('data-layer-name', 'Green overlay');
    expect(created[0]).toEqual({ workspace: ws.id, name: 'Green overlay', data_source: greenDs, parent: null, visible: true });
    await expect.poll(() => colorAt(page, 0.5, 0.5), { timeout: 20_000 }).toBe('green');

    await page.getByTestId('edit-990001').click();
    await page.getByTestId('edit-layer-template').fill('{"paint": {"raster-opacity": 0}}');
    await page.getByTestId('layer-group-77').check();
    await page.getByTestId('edit-layer-save').click();
    await expect(page.getByTestId('edit-layer-dialog')).toHaveCount(0);
    expect(patched[0]).toEqual({ name: 'Green overlay', template: '{"paint":{"raster-opacity":0}}', user_groups: [77], version: 1 });
    await expect.poll(() => colorAt(page, 0.5, 0.5), { timeout: 20_000 }).toBe('red');
  });
});
