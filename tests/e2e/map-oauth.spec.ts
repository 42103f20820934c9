import { expect, test } from '@playwright/test';

/** /esri-oauth-callback: the redirect target of the ArcGIS sign-in popup. */
test.describe('ArcGIS OAuth callback', () => {
  test('[R2.22] [R2.46] posts the URL hash to its opener (same origin only) and closes itself', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => {
      (window as unknown as { __got: unknown[] }).__got = [];
      window.addEventListener('message', (e) => (window as unknown as { __got: unknown[] }).__got.push({ data: e.data, origin: e.origin }));
    });
    const popupPromise = page.waitForEvent('popup');
    await page.evaluate(() => window.open('/esri-oauth-callback#access_token=tok123&expires_in=7200&username=alice', 'esri-oauth', 'width=400,height=400'));
    const popup = await popupPromise;
    await popup.waitForEvent('close', { timeout: 15_000 });
    const got = await page.evaluate(() => (window as unknown as { __got: { data: unknown; origin: string }[] }).__got);
    expect(got).toEqual([{ data: '#access_token=tok123&expires_in=7200&username=alice', origin: new URL(page.url()).origin }]);
  });

  test('[R2.46] without a hash it hands over the search string', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => {
      (window as unknown as { __got: unknown[] }).__got = [];
      window.addEventListener('message', (e) => (window as unknown as { __got: unknown[] }).__got.push(e.data));
    });
    const popupPromise = page.waitForEvent('popup');
    await page.evaluate(() => window.open('/esri-oauth-callback?code=abc&state=xyz', 'esri-oauth'));
    const popup = await popupPromise;
    await popup.waitForEvent('close', { timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { __got: unknown[] }).__got)).toEqual(['?code=abc&state=xyz']);
  });

  test('[R2.22] [R2.46] with no opener it just closes (window.close is called, nothing is posted)', async ({ page }) => {
    // A tab the user opened may not be closed by script in Chromium, so record the call instead.
    await page.addInitScript(() => {
      const w = window as unknown as { __closed: number; __posted: number };
      w.__closed = 0;
      w.__posted = 0;
      window.close = () => {
        w.__closed += 1;
      };
      const orig = window.postMessage.bind(window);
      window.postMessage = ((...args: Parameters<typeof orig>) => {
        w.__posted += 1;
        return orig(...args);
      }) as typeof window.postMessage;
    });
    await page.goto('/esri-oauth-callback#access_token=x');
    await expect.poll(() => page.evaluate(() => (window as unknown as { __closed: number }).__closed)).toBe(1);
    expect(await page.evaluate(() => window.opener)).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { __posted: number }).__posted)).toBe(0);
  });

  test('[R2.46] the callback page renders the processing text for an anonymous visitor', async ({ browser }) => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    // Block window.close so the text can be read.
    await page.addInitScript(() => {
      window.close = () => undefined;
    });
    const res = await page.goto('/esri-oauth-callback');
    expect(res?.status()).toBe(200);
    await expect(page.getByTestId('oauth-processing')).toHaveText('Processing authentication...');
    await expect(page).toHaveURL(/\/esri-oauth-callback$/);
    await ctx.close();
  });
});
