#!/usr/bin/env node
// `npm test`: everything, in order — route manifest, Prisma client, typecheck,
// lint, unit + integration tests (Vitest, real PostgreSQL and PGlite), the
// production build, end-to-end tests (Playwright in Debian's Chromium).
// Prints one summary line at the end: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const steps = [
  ['route manifest', 'node', ['scripts/gen-route-manifest.mjs']],
  ['prisma generate', 'node', ['scripts/prisma-cli.mjs', 'generate']],
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint', 'npx', ['eslint', '--max-warnings=0', '.']],
  ['unit + integration', 'npx', ['vitest', 'run']],
  ['build', 'npm', ['run', 'build']],
  ['end-to-end', 'npx', ['playwright', 'test']],
];

if (!existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}: install it with "apt-get install -y chromium" (or set CHROMIUM_PATH).`);
  process.exit(1);
}

// The security and reliability suites append their figures here (tests/support/figures.ts).
const FIGURES = 'test-results/figures.jsonl';
rmSync(FIGURES, { force: true });

function printFigures() {
  if (!existsSync(FIGURES)) return;
  const bySuite = new Map();
  for (const line of readFileSync(FIGURES, 'utf8').split('\n').filter(Boolean)) {
    const { suite, ...rest } = JSON.parse(line);
    bySuite.set(suite, { ...(bySuite.get(suite) ?? {}), ...rest });
  }
  console.log('\nsecurity and reliability figures');
  for (const [suite, figures] of bySuite) {
    const text = Object.entries(figures)
      .map(([k, v]) => `${k} ${typeof v === 'object' ? JSON.stringify(v) : v}`)
      .join(', ');
    console.log(`  ${suite.padEnd(20)} ${text}`);
  }
}

let passed = 0;
let failed = 0;
const only = process.env.TEST_STEPS?.split(',');
for (const [name, cmd, args] of steps) {
  if (only && !only.includes(name)) continue;
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (res.status === 0) {
    passed += 1;
    console.log(`✔ ${name} (${secs} s)`);
  } else {
    failed += 1;
    console.log(`✘ ${name} failed (${secs} s)`);
    break;
  }
}
printFigures();
console.log(`\ntest steps: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
