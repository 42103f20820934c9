import { defineConfig } from '@playwright/test';
import { existsSync } from 'node:fs';

/**
 * End-to-end tests in Debian's Chromium against the production build, with a
 * fresh PostgreSQL database and a real SMTP sink (both started as webServers).
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2525);
export const BASE_URL = `http://localhost:${E2E_PORT}`;

if (!existsSync(chromium)) {
  throw new Error(`Chromium not found at ${chromium}: install it with "apt-get install -y chromium" (or set CHROMIUM_PATH)`);
}

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results/e2e',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
    },
  },
  projects: [
    { name: 'e2e', testIgnore: ['**/reliability.spec.ts', '**/two-instances.spec.ts'] },
    // The process-level suites start their own app instances; they run after the browser tests so
    // their recovery times are not measured while Chromium competes for the two cores.
    { name: 'reliability', testMatch: ['**/reliability.spec.ts', '**/two-instances.spec.ts'], dependencies: ['e2e'] },
  ],
  webServer: [
    {
      command: `node tests/e2e/support/smtp-sink.mjs`,
      port: SMTP_PORT,
      reuseExistingServer: false,
      env: { E2E_SMTP_PORT: String(SMTP_PORT) },
    },
    {
      command: 'node tests/e2e/support/start-app.mjs',
      url: `${BASE_URL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_PORT: String(E2E_PORT), E2E_SMTP_PORT: String(SMTP_PORT) },
    },
  ],
});
