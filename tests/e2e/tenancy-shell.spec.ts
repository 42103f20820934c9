import { expect, test } from '@playwright/test';
import { createUser, e2eDb, loginAs } from './support/fixtures';

/** Guards, landing, the account switcher and demo mode of the tenancy screens. */
test.describe('tenancy guards, switcher and demo', () => {
  test('[R2.13] [R2.17] [R2.18] [R2.19] [R2.11] anonymous users are sent to /', async ({ page }) => {
    for (const path of ['/accounts', '/account/create', '/account/anything', '/shared', '/workspace/create']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/$/);
    }
  });

  test('[R2.30] [R2.10] [R2.12] a user without an account is sent to /account/create; [R2.09] the share route is open', async ({ page }) => {
    const u = await createUser();
    await loginAs(page.context(), u.id);
    for (const path of ['/accounts', '/account/anything', '/shared', '/workspace/create', '/workspace/3', '/workspace/view/3']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/account\/create$/);
    }
    await page.goto('/workspace/share/3/sometoken');
    await expect(page).toHaveURL(/\/workspace\/share\/3\/sometoken$/);
  });

  test('[R2.26] [R4.03] the account switcher makes an account active, and it survives a reload and lands home', async ({ page }) => {
    const u = await createUser({ withAccount: true });
    const second = await e2eDb().query(
      `INSERT INTO accounts (name, slug, description, admin_id, updated_at) VALUES ($1, $2, 'x', $3, now()) RETURNING id, slug`,
      [`Zweite ${u.username}`, `zweite-${u.username}`.toLowerCase(), u.id],
    );
    const { id, slug } = second.rows[0] as { id: number; slug: string };
    await loginAs(page.context(), u.id);
    await page.goto('/');
    await expect(page).toHaveURL(new RegExp(`/account/${u.account!.slug}$`));
    await page.getByTestId('account-switcher').selectOption(String(id));
    await expect(page).toHaveURL(new RegExp(`/account/${slug}$`));
    await expect(page.getByTestId('account-title')).toHaveText(`Zweite ${u.username}`);
    await page.reload();
    await expect(page.getByTestId('account-switcher')).toHaveValue(String(id));
    await page.goto('/');
    await expect(page).toHaveURL(new RegExp(`/account/${slug}$`));
    // Opening another account's page makes that one active.
    await page.goto(`/account/${u.account!.slug}`);
    await expect(page.getByTestId('account-switcher')).toHaveValue(String(u.account!.id));
  });

  test('[R2.25] [R4.04] [R4.05] [R7.04] demo users land on their demo workspace and see only Shared Workspaces, Profile and Logout', async ({ page }) => {
    const u = await createUser({ withAccount: true });
    const ws = await e2eDb().query(`INSERT INTO workspaces (name, description, admin_id, account_id, updated_at) VALUES ('Demo', 'x', $1, $2, now()) RETURNING id`, [u.id, u.account!.id]);
    const wsId = ws.rows[0].id as number;
    await loginAs(page.context(), u.id);
    expect(await (await page.request.get('/api/demo')).json()).toBe(0);
    await e2eDb().query(`UPDATE profiles SET demo_workspace_id = $1 WHERE user_id = $2`, [wsId, u.id]);
    expect(await (await page.request.get('/api/demo')).json()).toBe(wsId);
    await page.context().addCookies([{ name: 'demo', value: 'true', domain: 'localhost', path: '/' }]);
    await page.goto('/shared');
    await page.evaluate(() => localStorage.setItem('demo', 'true'));
    const nav = page.getByTestId('nav-drawer');
    await expect(nav.getByRole('link')).toHaveText([/Shared Workspaces$/, /Profile$/]);
    await expect(nav.getByTestId('nav-logout')).toHaveText(/Logout$/);
    await expect(page.getByTestId('account-switcher')).toHaveCount(0);
    await page.goto('/');
    await expect(page).toHaveURL(new RegExp(`/workspace/view/${wsId}$`));
    await page.goto(`/account/${u.account!.slug}`);
    await expect(page).toHaveURL(new RegExp(`/workspace/view/${wsId}$`));
  });

  test('[R2.27] a progress bar shows while navigating to Shared Workspaces, and not to Accounts', async ({ page }) => {
    const u = await createUser({ withAccount: true });
    await loginAs(page.context(), u.id);
    await page.goto(`/account/${u.account!.slug}`);
    await expect(page.getByTestId('account-title')).toBeVisible();
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    await page.route(/\/(shared|accounts)\?_rsc=/, async (route) => {
      await gate;
      await route.continue();
    });
    await page.getByTestId('nav-drawer').getByRole('link', { name: 'Shared Workspaces' }).click();
    await expect(page.getByTestId('route-progress')).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/shared$/);
    await expect(page.getByRole('heading', { name: 'Workspaces shared with you' })).toBeVisible();
    await expect(page.getByTestId('route-progress')).toHaveCount(0);
    await page.getByTestId('nav-drawer').getByRole('link', { name: 'Accounts' }).click();
    await expect(page).toHaveURL(/\/accounts$/);
    await expect(page.getByTestId('route-progress')).toHaveCount(0);
  });
});
