import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { perfWorld, signIn, type TPerfWorld } from './support/perf-routes';

/**
 * Keyboard accessibility (issue 8): dialogs trap focus (Headless UI Dialog),
 * Escape closes them and gives focus back; focus is visible everywhere with a
 * ring of at least 3:1 against its background; fields and buttons inside open
 * dialogs have names.
 */
let world: TPerfWorld;
test.beforeAll(async () => {
  world = await perfWorld();
});

async function focusInside(dialog: Locator) {
  return dialog.evaluate((el) => el.contains(document.activeElement) && document.activeElement !== document.body);
}

/** Tabs forwards and backwards through an open dialog; focus must never leave it. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  // Headless UI's dialog element is a zero-size wrapper around fixed-position content: count, not visibility.
  await expect(dialog).toHaveCount(1);
  await expect.poll(() => focusInside(dialog)).toBe(true);
  const seen = new Set<string>();
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInside(dialog), `Tab #${i + 1} stays in the dialog`).toBe(true);
    seen.add(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? ''));
  }
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusInside(dialog), `Shift+Tab #${i + 1} stays in the dialog`).toBe(true);
  }
  // More than one stop, so the cycle really wrapped around inside the dialog.
  expect(seen.size).toBeGreaterThan(1);
}

async function expectClosesOnEscapeAndRestoresFocus(page: Page, dialog: Locator, opener: Locator) {
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
}

test.describe('dialogs trap focus', () => {
  test('[R9.05] create-workspace dialog on the account page: ≤ 500 px wide, Tab/Shift+Tab stay inside, Escape closes and refocuses the button', async ({ page, context }) => {
    await signIn(context, world);
    await page.goto(`/account/${world.slug}`);
    const opener = page.getByTestId('open-create-workspace');
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expectFocusTrapped(page, dialog);
    const box = await page.getByTestId('create-workspace-dialog').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(500);
    await expectClosesOnEscapeAndRestoresFocus(page, dialog, opener);
  });

  test('[R9.05] delete confirmation on the user groups page traps focus and gives it back', async ({ page, context }) => {
    await signIn(context, world);
    await page.goto('/usergroups');
    const opener = page.getByRole('button', { name: 'Delete Budget group' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expectFocusTrapped(page, dialog);
    await expect(dialog.getByRole('button', { name: 'Delete!' })).toBeVisible();
    await expectClosesOnEscapeAndRestoresFocus(page, dialog, opener);
  });

  test('[R9.05] add-layer dialog in the workspace editor traps focus', async ({ page, context }) => {
    await signIn(context, world);
    await page.goto(`/workspace/${world.workspaceId}`);
    const opener = page.getByTestId('add-layer');
    await expect(opener).toBeVisible({ timeout: 30_000 });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expectFocusTrapped(page, dialog);
    await expectClosesOnEscapeAndRestoresFocus(page, dialog, opener);
  });

  test('[R9.02] [R9.05] the temporary navigation drawer (≤ 760 px) traps focus; Escape closes it and refocuses the menu button', async ({ page, context }) => {
    await signIn(context, world);
    await page.setViewportSize({ width: 760, height: 900 });
    await page.goto('/accounts');
    await page.waitForLoadState('networkidle');
    const opener = page.getByTestId('menu-button');
    await opener.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByTestId('temporary-drawer');
    await expect(drawer.getByTestId('nav-drawer')).toBeVisible();
    await expectFocusTrapped(page, drawer);
    await expectClosesOnEscapeAndRestoresFocus(page, drawer, opener);
  });

  test('[R1.05] open dialogs have labelled fields and named buttons (axe, light and dark)', async ({ browser }) => {
    for (const theme of ['light', 'dark']) {
      const context = await browser.newContext();
      await context.addCookies([{ name: 'theme', value: theme, domain: 'localhost', path: '/' }]);
      await signIn(context, world);
      const page = await context.newPage();
      await page.goto(`/account/${world.slug}`);
      await page.getByTestId('open-create-workspace').click();
      await expect(page.getByTestId('create-workspace-dialog')).toBeVisible();
      const result = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
      const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(bad, `${theme} theme`).toEqual([]);
      await context.close();
    }
  });
});

/** Outline of the focused element and the contrast of its colour against the background behind it. */
async function focusRing(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const parse = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = (c: number[]) => {
      const [r, g, b] = c.slice(0, 3).map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    let bg: number[] = [255, 255, 255];
    for (let p: HTMLElement | null = el.parentElement; p; p = p.parentElement) {
      const c = parse(getComputedStyle(p).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] > 0.9)) {
        bg = c;
        break;
      }
    }
    const style = getComputedStyle(el);
    const ring = parse(style.outlineColor);
    const [hi, lo] = [lum(ring), lum(bg)].sort((a, b) => b - a);
    return { tag: `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}`, style: style.outlineStyle, width: parseFloat(style.outlineWidth), contrast: (hi + 0.05) / (lo + 0.05) };
  });
}

test.describe('focus is visible', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`[R1.05] keyboard focus shows a ring of ≥ 2 px at ≥ 3:1 on the login page and the shell (${theme} theme)`, async ({ browser }) => {
      const context = await browser.newContext();
      await context.addCookies([{ name: 'theme', value: theme, domain: 'localhost', path: '/' }]);
      const page = await context.newPage();
      await page.goto('/login');
      await page.waitForLoadState('networkidle');
      const rings: string[] = [];
      for (let i = 0; i < 10; i++) {
        await page.keyboard.press('Tab');
        const ring = await focusRing(page);
        if (!ring) continue;
        rings.push(`${ring.tag} ${ring.style} ${ring.width}px ${ring.contrast.toFixed(2)}:1`);
        expect(ring.style, ring.tag).not.toBe('none');
        expect(ring.width, ring.tag).toBeGreaterThanOrEqual(2);
        expect(ring.contrast, ring.tag).toBeGreaterThanOrEqual(3);
      }
      console.log(`focus rings (${theme}): ${rings.join('; ')}`);
      expect(rings.length).toBeGreaterThanOrEqual(5);
      await context.close();
    });
  }
});
