import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';

test.skip(!existsSync('app/(public)/activate/page.tsx'), 'needs the activate page');

test('[R4.12] [R9.02] the snackbar follows snackBar.show and closes after 5000 ms by default', async ({ page }) => {
  await page.goto('/activate');
  const snack = page.getByTestId('snackbar');
  await expect(snack).toContainText('Check your email to confirm your account!');
  const shownAt = Date.now();
  // Still there well before 5 s, gone soon after: the default timeout of the store.
  await page.waitForTimeout(3500);
  await expect(snack).toBeVisible();
  await expect(snack).toHaveCount(0, { timeout: 5000 });
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(4500);
});

test('[R4.12] the loading overlay follows routeLoading and shows the default load text', async ({ page }) => {
  await page.goto('/login');
  // The overlay is driven by the store; the logout action in the menu sets loading with the default text.
  const overlay = page.getByTestId('loading-overlay');
  // Dispatch until the shell has hydrated and listens.
  await expect
    .poll(async () => {
      await page.evaluate(() => window.dispatchEvent(new CustomEvent('mapspace:loading', { detail: { loading: true } })));
      return overlay.count();
    })
    .toBe(1);
  await expect(overlay).toContainText('Loading content');
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('mapspace:loading', { detail: { loading: false } })));
  await expect(overlay).toHaveCount(0);
});
