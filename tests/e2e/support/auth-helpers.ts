import { execFileSync } from 'node:child_process';
import { expect, type Page } from '@playwright/test';

/** Helpers for the auth specs: TOTP from Debian's oathtool and the login form. */
export function totp(secret: string, epochSeconds = Math.floor(Date.now() / 1000)): string {
  return execFileSync('oathtool', ['--totp', '-b', '-N', `@${epochSeconds}`, secret], { encoding: 'utf8' }).trim();
}

export async function awayFromStepEdge(margin = 6) {
  const left = 30 - (Math.floor(Date.now() / 1000) % 30);
  if (left < margin) await new Promise((r) => setTimeout(r, left * 1000 + 300));
}

export async function fillLogin(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

export async function logout(page: Page) {
  await page.getByTestId('nav-logout').click();
  await expect(page).toHaveURL(/\/(login)?$/);
}

export function snackbar(page: Page) {
  return page.getByTestId('snackbar');
}
