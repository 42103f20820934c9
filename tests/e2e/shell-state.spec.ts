import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';

test.skip(!existsSync('app/(public)/activate/page.tsx'), 'needs the activate page');

test('[R4.12] [R9.02] the snackbar follows snackBar.show and closes after 5000 ms by default', async ({ page }) => {
  // The page's clock is ours: it runs normally until we see the snackbar, then only moves when told,
  // so the check does not depend on how fast this machine notices it.
  await page.clock.install();
  await page.goto('/activate');
  const snack = page.getByTestId('snackbar');
  await expect(snack).toContainText('Check your email to confirm your account!');
  // Pause a moment ahead of the page's "now"; on a busy machine that moment may pass before the call
  // arrives ("Cannot fast-forward to the past"), so try again from the new "now".
  for (let attempt = 0; ; attempt++) {
    try {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
      break;
    } catch (err) {
      if (attempt >= 4 || !/past/.test(String(err))) throw err;
    }
  }
  await page.clock.runFor(2500);
  await expect(snack).toBeVisible();
  await page.clock.runFor(3000);
  await expect(snack).toHaveCount(0);
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
