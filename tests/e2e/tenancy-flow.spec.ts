import { expect, test } from '@playwright/test';
import { createUser, e2eDb, loginAs, uniqueName, waitForMail } from './support/fixtures';

/**
 * The multi-tenant journey: create account → create workspace in the dialog
 * → plan badge → invite a second user → they see it under Shared → a share
 * link works for an anonymous caller → revoke → it no longer does.
 */
test.describe('accounts, workspaces and sharing', () => {
  test('[R2.40] [R2.41] [R2.42] [R2.43] [R4.07] create account → workspace → invite → shared → share link → revoke', async ({ page, browser, playwright }) => {
    const alice = await createUser();
    const bob = await createUser({ withAccount: true });
    await loginAs(page.context(), alice.id);

    // No account yet: home and account routes lead to /account/create with the warning ([R2.30], [R4.03]).
    await page.goto('/');
    await expect(page).toHaveURL(/\/account\/create$/);
    await expect(page.getByRole('heading', { name: 'Create account' })).toBeVisible();
    await expect(page.getByText('Create an account to get started')).toBeVisible();

    // [R5.02] both fields are required.
    await page.getByTestId('create-account-submit').click();
    await expect(page.getByText('Name is required')).toHaveCount(2);

    const accountName = uniqueName('Gemeente ');
    await page.getByLabel('Account name').fill(accountName);
    await page.getByLabel('Account description').fill('Kaarten van de gemeente');
    await page.getByTestId('create-account-submit').click();
    await expect(page).toHaveURL(/\/accounts$/);
    await expect(page.getByRole('heading', { name: 'Accounts' })).toBeVisible();
    const row = page.getByTestId('account-row').filter({ hasText: accountName });
    await expect(row).toBeVisible();

    // Account page: title, trial end, empty text.
    await row.getByRole('button', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/account\/gemeente-/);
    await expect(page.getByTestId('account-title')).toHaveText(accountName);
    await expect(page.getByTestId('trial-ends')).toContainText('Free trial ends');
    await expect(page.getByText('No workspaces found, press Create Workspace to get started.')).toBeVisible();

    // Create Workspace dialog (≤ 500 px wide, [R9.05]).
    await page.getByTestId('open-create-workspace').click();
    const dialog = page.getByTestId('create-workspace-dialog');
    await expect(dialog).toBeVisible();
    expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(500);
    await dialog.getByTestId('create-workspace-submit').click();
    await expect(dialog.getByText('Name is required')).toHaveCount(2);
    const wsName = uniqueName('Bomenkaart ');
    await dialog.getByLabel('Workspace name').fill(wsName);
    await dialog.getByLabel('Workspace description').fill('Alle bomen');
    await dialog.getByRole('button', { name: 'Create Workspace' }).click();
    await expect(dialog).toBeHidden();
    const wsRow = page.getByTestId('workspace-row').filter({ hasText: wsName });
    await expect(wsRow).toBeVisible();
    await expect(wsRow.getByTestId('plan-badge')).toHaveText(/Plan\s*Free trial/);
    await expect(wsRow.getByTestId('clone-workspace')).toBeHidden();
    const editHref = await wsRow.getByRole('button', { name: 'Edit' }).getAttribute('href');
    const wsId = Number(editHref!.split('/').pop());
    expect(editHref).toBe(`/workspace/${wsId}`);

    // Invite Bob by username through the Share dialog; the invite mail arrives.
    await wsRow.getByTestId('share-workspace').click();
    const share = page.getByTestId('share-dialog');
    await share.getByLabel('Username or e-mail').fill(bob.username);
    await share.getByTestId('invite-submit').click();
    await expect(share.getByTestId('invite-list')).toContainText(bob.username);
    const mail = await waitForMail(bob.email, new RegExp(`workspace/view/${wsId}`));
    expect(mail).toContain(wsName);

    // A share link, shown once.
    await share.getByLabel('Label').fill('Pers');
    await share.getByTestId('create-share-link').click();
    const url = await share.getByTestId('share-link-url').inputValue();
    expect(url).toMatch(new RegExp(`/workspace/share/${wsId}/[A-Za-z0-9_-]{43}$`));
    const token = url.split('/').pop()!;

    // Bob sees it under Shared Workspaces with a View button to the workspace route.
    const bobContext = await browser.newContext();
    await loginAs(bobContext, bob.id);
    const bobPage = await bobContext.newPage();
    await bobPage.goto('/shared');
    await expect(bobPage.getByRole('heading', { name: 'Workspaces shared with you' })).toBeVisible();
    const sharedRow = bobPage.getByTestId('shared-row').filter({ hasText: wsName });
    await expect(sharedRow.getByRole('button', { name: 'View' })).toHaveAttribute('href', `/workspace/view/${wsId}`);
    await bobContext.close();

    // An anonymous caller opens the workspace with the token and no Authorization header.
    const anon = await playwright.request.newContext({ baseURL: page.url().replace(/\/account.*$/, '') });
    const opened = await anon.get(`/api/workspaces/${wsId}?token=${token}`);
    expect(opened.status()).toBe(200);
    expect((await opened.json()).name).toBe(wsName);
    expect((await anon.get(`/api/workspaces/${wsId}`)).status()).toBe(401);

    // Revoke → no longer opens.
    await share.getByTestId('revoke-share-link').click();
    await expect(share.getByTestId('share-link-row')).toContainText('Revoked');
    expect((await anon.get(`/api/workspaces/${wsId}?token=${token}`)).status()).toBe(404);
    await anon.dispose();
    await share.getByRole('button', { name: 'Close' }).click();

    // Delete with the confirmation text.
    page.once('dialog', (d) => {
      expect(d.message()).toBe('Are you sure you want to delete this workspace?');
      void d.accept();
    });
    await wsRow.getByTestId('delete-workspace').click();
    await expect(page.getByText('No workspaces found, press Create Workspace to get started.')).toBeVisible();
  });

  test('[R2.39] accounts list: delete asks confirmation; cancel keeps, accept removes', async ({ page }) => {
    const u = await createUser({ withAccount: true });
    const extra = await e2eDb().query(
      `INSERT INTO accounts (name, slug, description, admin_id, updated_at) VALUES ($1, $2, 'x', $3, now()) RETURNING id`,
      [`Second ${u.username}`, `second-${u.username}`.toLowerCase(), u.id],
    );
    expect(extra.rows[0].id).toBeTruthy();
    await loginAs(page.context(), u.id);
    await page.goto('/accounts');
    const row = page.getByTestId('account-row').filter({ hasText: `Second ${u.username}` });
    page.once('dialog', (d) => {
      expect(d.message()).toBe('Are you sure you want to delete this account?');
      void d.dismiss();
    });
    await row.getByTestId('delete-account').click();
    await expect(row).toBeVisible();
    page.once('dialog', (d) => void d.accept());
    await row.getByTestId('delete-account').click();
    await expect(row).toHaveCount(0);
    await expect(page.getByTestId('account-row')).toHaveCount(1);
    await expect(page.getByTestId('account-row').getByRole('button', { name: 'Edit' })).toHaveAttribute('href', `/account/${u.account!.slug}`);
  });

  test('[R8.07] a failed delete or clone stores the message for an alert that shows no text', async ({ page }) => {
    const u = await createUser({ withAccount: true });
    await e2eDb().query(`INSERT INTO workspaces (name, description, admin_id, account_id, updated_at) VALUES ('Doomed', 'x', $1, $2, now())`, [u.id, u.account!.id]);
    await loginAs(page.context(), u.id);
    await page.route('**/api/workspaces/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' }) : route.continue(),
    );
    await page.goto(`/account/${u.account!.slug}`);
    page.once('dialog', (d) => void d.accept());
    await page.getByTestId('workspace-row').getByTestId('delete-workspace').click();
    const alert = page.getByTestId('workspace-action-error');
    await expect(alert).toHaveAttribute('data-message', '{"detail":"boom"}');
    await expect(alert).toHaveText('');
    await expect(page.getByTestId('workspace-row')).toHaveCount(1);

    // The (hidden) clone button's failure goes the same way.
    await page.route('**/api/cloneWorkspace', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"clone failed"}' }));
    await expect(page.getByTestId('clone-workspace')).toBeHidden();
    await page.getByTestId('clone-workspace').evaluate((b) => (b as HTMLButtonElement).click());
    await expect(alert).toHaveAttribute('data-message', '{"detail":"clone failed"}');
    await expect(alert).toHaveText('');

    // And a failed account delete on the accounts list.
    await page.route('**/api/accounts/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"nope"}' }) : route.continue(),
    );
    await page.goto('/accounts');
    page.once('dialog', (d) => void d.accept());
    await page.getByTestId('delete-account').click();
    const accAlert = page.getByTestId('delete-account-error');
    await expect(accAlert).toHaveAttribute('data-message', '{"detail":"nope"}');
    await expect(accAlert).toHaveText('');
    await expect(page.getByTestId('account-row')).toHaveCount(1);
  });

  test('[R2.40] the server\'s answer shows in a dismissible danger alert', async ({ page }) => {
    const u = await createUser({ withAccount: true });
    await loginAs(page.context(), u.id);
    await page.goto('/account/create');
    await expect(page.getByText('Create an account to get started')).toHaveCount(0);
    await page.getByLabel('Account name').fill('x'.repeat(300));
    await page.getByLabel('Account description').fill('y');
    await page.getByTestId('create-account-submit').click();
    const alert = page.getByTestId('create-account-error');
    await expect(alert).toContainText('Ensure this field has no more than 255 characters.');
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await expect(alert).toHaveCount(0);
  });

  test('[R2.11] /workspace/create creates in the active account and returns to its page', async ({ page }) => {
    const u = await createUser({ withAccount: true });
    await loginAs(page.context(), u.id);
    await page.goto('/workspace/create');
    await expect(page.getByRole('paragraph').filter({ hasText: u.account!.name })).toBeVisible();
    await page.getByLabel('Workspace name').fill('Via page');
    await page.getByLabel('Workspace description').fill('x');
    await page.getByRole('button', { name: 'Create Workspace' }).click();
    await expect(page).toHaveURL(new RegExp(`/account/${u.account!.slug}$`));
    await expect(page.getByTestId('workspace-row').filter({ hasText: 'Via page' })).toBeVisible();
  });
});
