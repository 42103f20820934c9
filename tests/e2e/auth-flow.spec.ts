import { expect, test } from '@playwright/test';
import { awayFromStepEdge, fillLogin, logout, snackbar, totp } from './support/auth-helpers';
import { linkIn, uniqueName, waitForMail } from './support/fixtures';

test.describe('accounts of people: the whole way', () => {
  test('[R2.03] [R2.33] [R1.02] [R2.06] [R2.34] [R2.07] [R2.35] [R4.09] [D.04] [R2.01] [R2.31] [R2.38] [R9.03] [R4.08] [R2.02] [R2.32] [R4.02] [R4.01] [R2.23] [R8.11] register → mail → activation → login → authenticator app → logout → code → backup code → disable', async ({ page }) => {
    test.setTimeout(180_000);
    const username = uniqueName('flow');
    const email = `${username}@example.test`;
    const password = 'Velvet-Harbour-Lantern-8';

    // Register with the 30-day trial promise.
    await page.goto('/register');
    await expect(page.getByTestId('register-welcome')).toContainText('30-day free trial');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/activate$/);
    await expect(page.getByRole('heading', { name: 'Registration successfull!' })).toBeVisible();
    await expect(snackbar(page)).toHaveText(/Check your email to confirm your account!/);

    // The activation mail arrives over SMTP; its link activates the account.
    const mail = await waitForMail(email, /activation/);
    const link = linkIn(mail, /http:\/\/localhost:\d+\/activation\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+/);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Activation your account' })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(snackbar(page)).toHaveText(/Account activated, redirecting to login/);

    // Login without MFA: no account yet → account creation.
    await fillLogin(page, username, password);
    await expect(page).toHaveURL(/\/account\/create$/);

    // Enable the authenticator app on the profile.
    await page.goto('/profile');
    await expect(page.getByTestId('profile-table')).toContainText(username);
    await expect(page.getByRole('heading', { name: 'Beveiliging' })).toBeVisible();
    await page.getByTestId('mfa-app-activate').click();
    const qr = page.getByTestId('mfa-qr');
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((c: HTMLCanvasElement) => c.width)).toBe(200);
    await expect(qr).toHaveAttribute('data-error-level', 'H');
    const secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await awayFromStepEdge();
    const confirmedAt = Math.floor(Date.now() / 1000);
    await page.getByLabel('Verificatie code').fill(totp(secret, confirmedAt));
    await page.getByRole('button', { name: 'Bevestigen' }).click();
    await expect(snackbar(page)).toHaveText(/Gelukt! Verificatie is toegevoegd aan uw account\./);
    const codes = await page.getByTestId('backup-codes').locator('li').allTextContents();
    expect(codes).toHaveLength(5);
    await expect(page.getByTestId('mfa-app-state')).toHaveText('Actief');

    // Logout; the next login asks for the code (the next step: the confirm step is used up).
    await logout(page);
    await fillLogin(page, username, password);
    await expect(page).toHaveURL(/\/verification$/);
    await expect(page.getByRole('heading', { name: 'Verifieer login' })).toBeVisible();
    await page.getByLabel('Verificatie code').fill(totp(secret, confirmedAt + 30));
    await page.getByRole('button', { name: 'Verifieer' }).click();
    await expect(page).toHaveURL(/\/account\/create$/);

    // A backup code works as the second factor.
    await logout(page);
    await fillLogin(page, username, password);
    await expect(page).toHaveURL(/\/verification$/);
    await page.getByLabel('Verificatie code').fill(codes[0]);
    await page.getByRole('button', { name: 'Verifieer' }).click();
    await expect(page).toHaveURL(/\/account\/create$/);

    // Disable; login is one step again.
    await page.goto('/profile');
    await page.getByTestId('mfa-app-deactivate').click();
    await expect(snackbar(page)).toHaveText(/Verificatie gedeactiveerd/);
    await expect(page.getByTestId('mfa-app-state')).toHaveText('Niet actief');
    await logout(page);
    await fillLogin(page, username, password);
    await expect(page).toHaveURL(/\/account\/create$/);
  });

  test('[R2.04] [R2.36] [R2.05] [R2.37] [D.04] [R8.11] reset password from the mail link, then log in with the new one', async ({ page }) => {
    const { createUser } = await import('./support/fixtures');
    const u = await createUser({ withAccount: true });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgotten password?' }).click();
    await expect(page).toHaveURL(/\/reset$/);
    await page.getByLabel('Email').fill(u.email);
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(snackbar(page)).toHaveText(/Check your inbox to reset your password/);
    await expect(page).toHaveURL(/\/(login)?$/);
    const mail = await waitForMail(u.email, /password-reset/);
    const link = linkIn(mail, /http:\/\/localhost:\d+\/password-reset\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+/);
    await page.goto(link);
    const fresh = 'Orchard-Compass-Ribbon-5';
    await page.getByLabel('New password').fill(fresh);
    await page.getByLabel('Confirm password').fill(fresh);
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(snackbar(page)).toHaveText(/Your password has been reset/);
    await expect(page).toHaveURL(/\/login$/);
    await fillLogin(page, u.username, fresh);
    await expect(page).toHaveURL(new RegExp(`/account/${u.account!.slug}$`));
  });
});
