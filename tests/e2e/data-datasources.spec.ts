import { expect, test, type Page } from '@playwright/test';
import { createUser, e2eDb, loginAs, uniqueName } from './support/fixtures';

/**
 * The data sources table item by item on 60 seeded rows ([R2.44], [R9.04],
 * [R4.10], [R4.11], [R8.09]) and the route guards of the data screens.
 */
const pad = (n: number) => String(n).padStart(2, '0');

async function seedSources(accountId: number, adminId: number) {
  const db = e2eDb();
  const types = (await db.query(`SELECT id, code, name FROM datasource_types`)).rows as { id: number; code: string; name: string }[];
  const wms = types.find((t) => t.code === 'wms')!;
  const ids: number[] = [];
  // Row i was modified i minutes ago; names are shuffled so name order ≠ date order (newest is DS-30).
  for (let i = 0; i < 60; i++) {
    const { rows } = await db.query(
      `INSERT INTO datasources (account_id, name, type_id, settings, updated_at) VALUES ($1, $2, $3, '{}', now() - ($4 || ' minutes')::interval) RETURNING id`,
      [accountId, `DS-${pad((i * 7 + 30) % 60)}`, i === 59 ? null : wms.id, String(i)],
    );
    ids.push(rows[0].id);
  }
  const w1 = await db.query(`INSERT INTO workspaces (name, account_id, admin_id, updated_at) VALUES ('Harbour', $1, $2, now()) RETURNING id`, [accountId, adminId]);
  const w2 = await db.query(`INSERT INTO workspaces (name, account_id, admin_id, updated_at) VALUES ('Polder', $1, $2, now()) RETURNING id`, [accountId, adminId]);
  for (const w of [w1.rows[0].id, w2.rows[0].id]) {
    await db.query(`INSERT INTO layers (workspace_id, name, data_source_id, updated_at) VALUES ($1, 'l', $2, now())`, [w, ids[0]]);
  }
  return { ids, wmsName: wms.name };
}

const bodyRows = (page: Page) => page.locator('tbody tr[data-row-id]');
const firstName = (page: Page) => bodyRows(page).first().locator('td').nth(1);
const pageInfo = (page: Page) => page.getByTestId('page-info');

test.describe('data sources table', () => {
  test('[R2.44] [R9.04] [R4.11] [R2.14] columns, 25 per page newest first, search, sort cycle, page size All', async ({ page, context }) => {
    const user = await createUser({ withAccount: true });
    const { wmsName } = await seedSources(user.account!.id, user.id);
    await loginAs(context, user.id);
    await page.goto('/datasources');

    await expect(page.getByRole('heading', { name: 'Data sources' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create data source' })).toHaveAttribute('href', '/datasource/create');
    for (const h of ['Name', 'Type', 'Modified', 'Used', 'Workspace(s)']) await expect(page.locator('thead th', { hasText: h }).first()).toBeVisible();
    const th = page.locator('thead th').nth(1);
    expect(await th.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');

    // default: 25 rows, date modified newest first
    await expect(bodyRows(page)).toHaveCount(25);
    await expect(pageInfo(page)).toHaveText('1-25 of 60');
    await expect(firstName(page)).toHaveText('DS-30');
    await expect(page.locator('thead th', { hasText: 'Modified' })).toHaveAttribute('aria-sort', 'descending');
    const first = bodyRows(page).first();
    await expect(first.locator('td').nth(2)).toHaveText(wmsName);
    await expect(first.locator('td').nth(3)).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expect(first.locator('td').nth(4)).toHaveText('2');
    await expect(first.locator('td').nth(5)).toContainText('Harbour');
    await expect(first.locator('td').nth(5)).toContainText('Polder');

    // page size options 10/25/50/100/All
    const size = page.getByLabel('Items per page', { exact: true });
    await expect(size.locator('option')).toHaveText(['10', '25', '50', '100', 'All']);

    // page 2, then a sort click goes back to page 1; cycle asc → desc → off
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(pageInfo(page)).toHaveText('26-50 of 60');
    const nameHeader = page.locator('thead th', { hasText: 'Name' });
    await nameHeader.getByRole('button').click();
    await expect(pageInfo(page)).toHaveText('1-25 of 60');
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(firstName(page)).toHaveText('DS-00');
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(firstName(page)).toHaveText('DS-59');
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    await expect(firstName(page)).toHaveText('DS-30'); // unsorted = server order, newest first

    // the one row without a known type says Unknown
    await page.getByLabel('Search').fill('Unknown');
    await expect(bodyRows(page)).toHaveCount(1);
    // search by name
    await page.getByLabel('Search').fill('DS-4');
    await expect(bodyRows(page)).toHaveCount(10);
    await page.getByLabel('Search').fill('no such source');
    await expect(page.getByText('No data sources found.')).toBeVisible();
    await page.getByLabel('Search').fill('');

    await size.selectOption({ label: 'All' });
    await expect(bodyRows(page)).toHaveCount(60);
    await expect(pageInfo(page)).toHaveText('1-60 of 60');
    await size.selectOption('10');
    await expect(bodyRows(page)).toHaveCount(10);
  });

  test('[R4.10] [R2.44] selection, bulk delete (one DELETE per id) and single delete with confirmations', async ({ page, context }) => {
    const user = await createUser({ withAccount: true });
    await seedSources(user.account!.id, user.id);
    await loginAs(context, user.id);
    await page.goto('/datasources');
    const deleteSelected = page.getByRole('button', { name: 'Delete selected' });
    await expect(deleteSelected).toBeDisabled();

    const deletes: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'DELETE') deletes.push(r.url());
    });
    await bodyRows(page).nth(0).getByLabel('Select row').check();
    await bodyRows(page).nth(1).getByLabel('Select row').check();
    await bodyRows(page).nth(2).getByLabel('Select row').check();
    await expect(deleteSelected).toBeEnabled();
    await deleteSelected.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to delete the selected datasources?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(deleteSelected).toBeEnabled();
    await deleteSelected.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete!' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(pageInfo(page)).toHaveText('1-25 of 57');
    await expect(deleteSelected).toBeDisabled();
    await expect(page.getByLabel('Select row').first()).not.toBeChecked();
    expect(deletes).toHaveLength(3);
    expect(new Set(deletes).size).toBe(3);

    // select all on the page toggles every row of the page
    await page.getByLabel('Select all rows').check();
    await expect(page.locator('tbody').getByLabel('Select row').nth(24)).toBeChecked();
    await page.getByLabel('Select all rows').uncheck();

    // single delete
    const name = await firstName(page).textContent();
    await bodyRows(page).first().getByRole('button', { name: `Delete ${name}` }).click();
    await expect(page.getByRole('dialog')).toContainText('Are you sure you want to delete this datasource?');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete!' }).click();
    await expect(pageInfo(page)).toHaveText('1-25 of 56');
    await expect(page.locator('tbody')).not.toContainText(name!);
    const left = await e2eDb().query(`SELECT count(*)::int AS n FROM datasources WHERE account_id = $1`, [user.account!.id]);
    expect(left.rows[0].n).toBe(56);

    // the edit button goes to the edit route
    const id = await bodyRows(page).first().getAttribute('data-row-id');
    await bodyRows(page).first().getByRole('button', { name: /^Edit / }).click();
    await expect(page).toHaveURL(new RegExp(`/datasource/edit/${id}$`));
  });

  test('[R8.09] bulk delete errors are only logged; [R2.44] empty text', async ({ page, context }) => {
    const user = await createUser({ withAccount: true });
    await loginAs(context, user.id);
    await page.goto('/datasources');
    await expect(page.getByText('No data sources found.')).toBeVisible();

    await seedSources(user.account!.id, user.id);
    await page.reload();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.route('**/api/datasources/*', (route) => (route.request().method() === 'DELETE' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' }) : route.continue()));
    await bodyRows(page).nth(0).getByLabel('Select row').check();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete!' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByTestId('dismissible-alert')).toHaveCount(0);
    expect(errors.join('\n')).toContain('datasource delete failed');
  });

  test('[R8.08] a single delete error shows the response body in a dismissible alert', async ({ page, context }) => {
    const user = await createUser({ withAccount: true });
    await seedSources(user.account!.id, user.id);
    await loginAs(context, user.id);
    await page.goto('/datasources');
    await page.route('**/api/datasources/*', (route) => (route.request().method() === 'DELETE' ? route.fulfill({ status: 403, contentType: 'application/json', body: '{"detail":"You do not have permission to perform this action."}' }) : route.continue()));
    await bodyRows(page).first().getByRole('button', { name: /^Delete / }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete!' }).click();
    const alert = page.getByTestId('dismissible-alert');
    await expect(alert).toContainText('{"detail":"You do not have permission to perform this action."}');
    await alert.getByRole('button', { name: 'Close' }).click();
    await expect(alert).toHaveCount(0);
  });
});

test.describe('route guards of the data screens', () => {
  test('[R2.14] [R2.15] [R2.16] [R2.20] [R2.21] anonymous users go to /, users without an account to /account/create', async ({ page, context }) => {
    for (const path of ['/datasources', '/datasource/create', '/datasource/edit/1', '/layers', '/usergroups']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
    const user = await createUser();
    await loginAs(context, user.id);
    for (const path of ['/datasources', '/datasource/create', '/layers', '/usergroups']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/account\/create$/);
    }
  });

  test('[R2.16] the edit page of another account’s data source is not found', async ({ page, context }) => {
    const owner = await createUser({ withAccount: true });
    const { rows } = await e2eDb().query(`INSERT INTO datasources (account_id, name, settings, updated_at) VALUES ($1, $2, '{}', now()) RETURNING id`, [owner.account!.id, uniqueName('foreign')]);
    const other = await createUser({ withAccount: true });
    await loginAs(context, other.id);
    const res = await page.goto(`/datasource/edit/${rows[0].id}`);
    expect(res?.status()).toBe(404);
  });
});
