import { expect, test } from '@playwright/test';
import { fillLogin, snackbar } from './support/auth-helpers';
import { createUser, loginAs } from './support/fixtures';

test.describe('guards and the browser session', () => {
  test('[R2.28] [R8.10] [D.05] MFA required and none set up → /profile with the Dutch warning; other routes send back', async ({ page, context }) => {
    const u = await createUser({ withAccount: true, mfaRequired: true });
    await loginAs(context, u.id);
    await page.goto('/datasources');
    await expect(page).toHaveURL(/\/profile\?mfa=required$/);
    await expect(snackbar(page)).toHaveText(/Activeer multi-factor authenticatie om uw account te gebruiken/);
    await expect(snackbar(page)).toHaveAttribute('data-color', 'warning');
    await page.goto(`/account/${u.account!.slug}`);
    await expect(page).toHaveURL(/\/profile\?mfa=required$/);
  });

  test('[R2.29] [R2.08] [R6.02] a login-requiring route sends an anonymous user to /', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  });

  test('[R6.01] anonymous users reach login, register, reset, verification and activation pages', async ({ page }) => {
    for (const path of ['/', '/login', '/register', '/reset', '/activate', '/activation/MQ/x']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
    }
  });

  test('[R3.11] [R4.01] [R2.24] the session lives only in an httpOnly cookie: nothing readable from JavaScript; accounts are loaded; logout ends it', async ({ page, context }) => {
    const u = await createUser({ withAccount: true });
    await fillLogin(page, u.username, u.password);
    await expect(page).toHaveURL(new RegExp(`/account/${u.account!.slug}$`));
    await expect(page.getByTestId('account-switcher')).toContainText(u.account!.name);
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === 'mapspace.session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    const visible = await page.evaluate(() => ({ cookie: document.cookie, storage: { ...localStorage }, session: { ...sessionStorage } }));
    expect(visible.cookie).not.toContain('mapspace.session');
    expect(visible.cookie).not.toContain(session!.value);
    expect(Object.keys(visible.storage)).not.toContain('token');
    expect(JSON.stringify(visible.storage)).not.toContain(session!.value);
    const nextAuthSession = await page.evaluate(async () => (await fetch('/api/auth/session')).text());
    expect(nextAuthSession).not.toContain(session!.value);
    await page.getByTestId('nav-logout').click();
    await expect(page).toHaveURL(/\/$/);
    expect((await context.cookies()).find((c) => c.name === 'mapspace.session')).toBeUndefined();
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/$/);
  });

  test('[R5.09] delete account asks the browser confirmation and removes the user', async ({ page, context }) => {
    const u = await createUser({ withAccount: true });
    await loginAs(context, u.id);
    await page.goto('/profile');
    let message = '';
    page.once('dialog', (d) => {
      message = d.message();
      void d.dismiss();
    });
    await page.getByTestId('delete-account').click();
    await expect.poll(() => message).toBe('Are you sure you want to delete the account!');
    await expect(page).toHaveURL(/\/profile$/);
    page.once('dialog', (d) => void d.accept());
    await page.getByTestId('delete-account').click();
    await expect(page).toHaveURL(/\/$/);
    await fillLogin(page, u.username, u.password);
    await expect(snackbar(page)).toHaveText(/Unable to login with provided credentials\./);
  });
});
