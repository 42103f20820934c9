import { expect, test } from '@playwright/test';

test.describe('application shell', () => {
  test('[R1.03] top bar shows the site title, the footer the support line and the current year', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByTestId('site-title')).toHaveText('Mapspace');
    const footer = page.getByTestId('footer');
    await expect(footer).toContainText('support@mapspace.local');
    await expect(footer).toContainText(String(new Date().getFullYear()));
  });

  test('[R1.05] the theme toggle switches to dark and is remembered across reloads', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());
    expect(primary.toLowerCase()).toBe('#f76430');
  });

  test('[R1.04] Roboto is served by the app itself and no request leaves the machine', async ({ page }) => {
    const foreign: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (!['localhost', '127.0.0.1'].includes(u.hostname) && u.protocol.startsWith('http')) foreign.push(r.url());
    });
    await page.goto('/login');
    await page.waitForLoadState('load');
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(500);
    const loaded = await page.evaluate(() => [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family));
    expect(loaded.join(' ')).toMatch(/roboto/i);
    const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(family).toMatch(/roboto/i);
    expect(foreign).toEqual([]);
  });

  test('[R9.05] drawer is 256 px wide and collapses to a 56 px rail', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/login');
    const drawer = page.getByTestId('nav-drawer');
    expect((await drawer.boundingBox())?.width).toBe(256);
    await page.getByTestId('menu-button').click();
    expect((await drawer.boundingBox())?.width).toBe(56);
  });

  test('[R9.02] at 760 px or less the drawer is temporary and opens from the menu button', async ({ page }) => {
    await page.setViewportSize({ width: 760, height: 900 });
    await page.goto('/login');
    await expect(page.getByTestId('nav-drawer')).toHaveCount(0);
    await page.getByTestId('menu-button').click();
    await expect(page.getByTestId('temporary-drawer')).toBeVisible();
  });

  test('trailing slash: /api/sites/ answers directly, no redirect', async ({ request }) => {
    const res = await request.get('/api/sites/?site=http://localhost:3210', { maxRedirects: 0 });
    expect(res.status()).toBe(200);
    expect((await res.json()).count).toBe(1);
  });
});
