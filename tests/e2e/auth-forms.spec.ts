import { expect, test, type Page } from '@playwright/test';
import { fillLogin, snackbar } from './support/auth-helpers';
import { createUser, loginAs } from './support/fixtures';

const errorsOf = (page: Page) => page.getByTestId('field-error').allTextContents();

test.describe('validation messages (SPEC §5)', () => {
  test('[R5.04] [R5.05] [R9.01] login: Username is required, Password is required, Password must be more than 4 characters', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    expect(await errorsOf(page)).toEqual(['Username is required', 'Password is required']);
    await page.getByLabel('Username').fill('someone');
    await page.getByLabel('Password').fill('abc');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    expect(await errorsOf(page)).toEqual(['Password must be more than 4 characters']);
    await expect(page.getByLabel('Username')).toHaveValue('someone');
  });

  test('[R5.04] [R5.05] [R5.06] [R5.07] register: every rule with its message', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Register' }).click();
    expect(await errorsOf(page)).toEqual(['Username is required', 'Email is required', 'Password is required', 'Confirm password is required']);
    await page.getByLabel('Username').fill('someone');
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByLabel('Password', { exact: true }).fill('abcd');
    await page.getByLabel('Confirm password').fill('abce');
    await page.getByRole('button', { name: 'Register' }).click();
    expect(await errorsOf(page)).toEqual(['E-mail must be valid', 'The password confirmation does not match']);
  });

  test('[R5.06] reset: Email is required, E-mail must be valid', async ({ page }) => {
    await page.goto('/reset');
    await page.getByRole('button', { name: 'Reset' }).click();
    expect(await errorsOf(page)).toEqual(['Email is required']);
    await page.getByLabel('Email').fill('x@y');
    await page.getByRole('button', { name: 'Reset' }).click();
    expect(await errorsOf(page)).toEqual(['E-mail must be valid']);
  });

  test('[R5.05] [R5.07] password reset: required, minimum and confirmation rules', async ({ page }) => {
    await page.goto('/password-reset/MQ/x');
    await page.getByRole('button', { name: 'Reset' }).click();
    expect(await errorsOf(page)).toEqual(['Password is required', 'Confirm password is required']);
    await page.getByLabel('New password').fill('abc');
    await page.getByLabel('Confirm password').fill('abd');
    await page.getByRole('button', { name: 'Reset' }).click();
    expect(await errorsOf(page)).toEqual(['Password must be more than 4 characters', 'The password confirmation does not match']);
  });

  test('[R5.08] verification: Verificatie code is verplicht', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => sessionStorage.setItem('ephemeral_token', '1-abc-0000000000000000000000000000000000000000'));
    await page.goto('/verification');
    await page.getByRole('button', { name: 'Verifieer' }).click();
    expect(await errorsOf(page)).toEqual(['Verificatie code is verplicht']);
  });
});

test.describe('error messages (SPEC §8)', () => {
  test('[R8.01] [R4.01] login failure shows the response error; the auth status goes empty → error', async ({ page }) => {
    const u = await createUser();
    await page.goto('/login');
    await expect(page.getByTestId('login-form')).toHaveAttribute('data-auth-status', 'empty');
    await fillLogin(page, u.username, 'Not-The-Password-1');
    await expect(page.getByTestId('login-form')).toHaveAttribute('data-auth-status', 'error');
    await expect(snackbar(page)).toHaveText(/Unable to login with provided credentials\./);
    await expect(snackbar(page)).toHaveAttribute('data-color', 'error');
    await expect(page.getByLabel('Username')).toHaveValue(u.username);
  });

  test('[R8.02] verification failure shows the response error', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => sessionStorage.setItem('ephemeral_token', '1-abc-0000000000000000000000000000000000000000'));
    await page.goto('/verification');
    await page.getByLabel('Verificatie code').fill('123456');
    await page.getByRole('button', { name: 'Verifieer' }).click();
    await expect(snackbar(page)).toHaveText(/Invalid or expired token\./);
  });

  test('[R2.02] [R2.32] [R5.08] /verification has no guard: opened directly it shows the form; a code without a login step gets the server\'s answer', async ({ page }) => {
    await page.goto('/verification');
    await expect(page).toHaveURL(/\/verification$/);
    await page.getByRole('button', { name: 'Verifieer' }).click();
    expect(await errorsOf(page)).toEqual(['Verificatie code is verplicht']);
    await page.getByLabel('Verificatie code').fill('123456');
    await page.getByRole('button', { name: 'Verifieer' }).click();
    await expect(snackbar(page)).toHaveText(/Invalid or expired token\./);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('[R8.03] register failure shows the first key and value', async ({ page }) => {
    const u = await createUser();
    await page.goto('/register');
    await page.getByLabel('Username').fill(u.username);
    await page.getByLabel('Email').fill('fresh@example.test');
    await page.getByLabel('Password', { exact: true }).fill('Velvet-Harbour-Lantern-8');
    await page.getByLabel('Confirm password').fill('Velvet-Harbour-Lantern-8');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(snackbar(page)).toHaveText(/username: A user with that username already exists\./);
    await expect(page.getByLabel('Username')).toHaveValue(u.username);
  });

  test('[R8.04] reset request failure shows the response data', async ({ page }) => {
    await page.route('**/api/auth/reset', (route) => route.fulfill({ status: 429, contentType: 'application/json', body: '{"detail":"Request was throttled. Expected available in 30 seconds."}' }));
    await page.goto('/reset');
    await page.getByLabel('Email').fill('someone@example.test');
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(snackbar(page)).toHaveText(/Request was throttled\. Expected available in 30 seconds\./);
  });

  test('[R8.05] password reset failure shows the response detail', async ({ page }) => {
    const u = await createUser();
    const uid = Buffer.from(String(u.id)).toString('base64url');
    await page.goto(`/password-reset/${uid}/not-a-token`);
    await page.getByLabel('New password').fill('Orchard-Compass-Ribbon-5');
    await page.getByLabel('Confirm password').fill('Orchard-Compass-Ribbon-5');
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(snackbar(page)).toHaveText(/Invalid token for given user\./);
  });

  test('[R8.06] [R8.11] profile: Profile updated / error; Password changed / Something went wrong', async ({ page, context }) => {
    const u = await createUser({ withAccount: true });
    await loginAs(context, u.id);
    await page.goto('/profile');
    await page.getByLabel('Company name').fill('Kaartbureau');
    await page.getByLabel('Street').fill('Dam');
    await page.getByLabel('Housenumber').fill('1');
    await page.getByLabel('City').fill('Amsterdam');
    await page.getByLabel('Country').fill('NL');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(snackbar(page)).toHaveText(/Profile updated/);
    await page.reload();
    await expect(page.getByLabel('Company name')).toHaveValue('Kaartbureau');

    await page.getByLabel('Housenumber').fill('x'.repeat(60));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(snackbar(page)).toHaveText(/number: Ensure this field has no more than 50 characters\./);
    await expect(snackbar(page)).toHaveAttribute('data-color', 'error');

    await page.getByLabel('New password').fill('short');
    await page.getByLabel('Confirm password').fill('short');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(snackbar(page)).toHaveText(/Something went wrong/);
    await page.getByLabel('New password').fill('Granite-Willow-Signal-3');
    await page.getByLabel('Confirm password').fill('Granite-Willow-Signal-3');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(snackbar(page)).toHaveText(/Password changed/);
    await expect(page.getByLabel('New password')).toHaveValue('');
  });

  test('[R8.11] [D.03] e-mail verification: activate sends a code (Verificatie geactiveerd); login then asks for a mailed code', async ({ page, context }) => {
    const u = await createUser({ withAccount: true });
    await loginAs(context, u.id);
    await page.goto('/profile');
    await page.getByTestId('mfa-email-activate').click();
    await expect(snackbar(page)).toHaveText(/Verificatie geactiveerd/);
    const { waitForMail } = await import('./support/fixtures');
    const mail = await waitForMail(u.email, /verification code/i);
    const code = /^(\d{6})\s*$/m.exec(mail.replace(/=\r?\n/g, ''))![1];
    await page.getByLabel('Verificatie code').fill(code);
    await page.getByRole('button', { name: 'Bevestigen' }).click();
    await expect(snackbar(page)).toHaveText(/Gelukt! Verificatie is toegevoegd aan uw account\./);
    await expect(page.getByTestId('mfa-email-state')).toHaveText('Actief');

    // With e-mail as the primary method, login step 1 mails a fresh code that the verification page accepts.
    await page.getByTestId('nav-logout').click();
    await expect(page).toHaveURL(/\/$/);
    await fillLogin(page, u.username, u.password);
    await expect(page).toHaveURL(/\/verification$/);
    let loginCode = code;
    for (let i = 0; i < 50 && loginCode === code; i++) {
      const raw = await waitForMail(u.email, /verification code/i);
      loginCode = /^(\d{6})\s*$/m.exec(raw.replace(/=\r?\n/g, ''))![1];
      if (loginCode === code) await page.waitForTimeout(200);
    }
    await page.getByLabel('Verificatie code').fill(loginCode);
    await page.getByRole('button', { name: 'Verifieer' }).click();
    await expect(page).toHaveURL(new RegExp(`/account/${u.account!.slug}$`));
  });
});
