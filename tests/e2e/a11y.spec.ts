import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { appPages, isWorkspacePage, perfWorld, publicPages, signIn, type TPerfWorld } from './support/perf-routes';

/**
 * Accessibility (issue 8): axe on every page, logged out and logged in, in the
 * light and the dark theme ([R1.05]), at desktop 1280×800 and mobile 760×900
 * ([R9.02]): no serious or critical violations. Nothing is excluded and no
 * rule is disabled (MapLibre's canvas on the workspace pages passes as it is).
 * Rules: WCAG 2.0/2.1 A and AA plus axe's best practices.
 */
const THEMES = ['light', 'dark'] as const;
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 760, height: 900 },
] as const;

type TFinding = { page: string; theme: string; size: string; rule: string; impact: string; targets: string[]; help: string };

async function axeFindings(page: Page, path: string, tag: { theme: string; size: string }): Promise<TFinding[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ page: path, ...tag, rule: v.id, impact: v.impact ?? '', targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')), help: v.help }));
}

async function settle(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  if (isWorkspacePage(path)) await expect(page.getByTestId('map')).toBeVisible({ timeout: 30_000 });
  // Wait for the route progress bar and overlays to go.
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0, { timeout: 15_000 });
}

async function checkAll(browser: Browser, world: TPerfWorld, paths: string[], loggedIn: boolean) {
  const findings: TFinding[] = [];
  let checked = 0;
  for (const theme of THEMES) {
    for (const size of SIZES) {
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
      await context.addCookies([{ name: 'theme', value: theme, domain: 'localhost', path: '/' }]);
      if (loggedIn) await signIn(context, world);
      for (const path of paths) {
        const page = await context.newPage();
        // The OAuth callback closes its own window when it has no opener; keep it open to look at it.
        if (path === '/esri-oauth-callback') await page.addInitScript(() => (window.close = () => {}));
        await settle(page, path);
        if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);
        findings.push(...(await axeFindings(page, path, { theme, size: size.name })));
        checked += 1;
        await page.close();
      }
      await context.close();
    }
  }
  return { findings, checked };
}

function report(label: string, paths: number, checked: number, findings: TFinding[]) {
  console.log(`\naxe ${label}: ${paths} pages × ${THEMES.length} themes × ${SIZES.length} sizes = ${checked} page checks, ${findings.length} serious/critical violations`);
  for (const f of findings) console.log(`  ${f.page} [${f.theme} ${f.size}] ${f.impact} ${f.rule}: ${f.help} → ${f.targets.join(' | ')}`);
}

let world: TPerfWorld;
test.beforeAll(async () => {
  world = await perfWorld();
});

test.describe('accessibility (axe)', () => {
  test.describe.configure({ timeout: 600_000 });

  test('[R1.05] [R9.02] logged-out pages: no serious or critical axe violations in light and dark, desktop and mobile', async ({ browser }) => {
    const paths = publicPages(world);
    const { findings, checked } = await checkAll(browser, world, paths, false);
    report('logged out', paths.length, checked, findings);
    expect(checked).toBe(paths.length * THEMES.length * SIZES.length);
    expect(findings).toEqual([]);
  });

  test('[R1.05] [R9.02] logged-in pages: no serious or critical axe violations in light and dark, desktop and mobile', async ({ browser }) => {
    const paths = appPages(world);
    const { findings, checked } = await checkAll(browser, world, paths, true);
    report('logged in', paths.length, checked, findings);
    expect(checked).toBe(paths.length * THEMES.length * SIZES.length);
    expect(findings).toEqual([]);
  });
});
