import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Figures the security and reliability suites report (cells, leaks, fuzz
 * runs, kills, recovery seconds …). Each is printed where it is measured and
 * appended to test-results/figures.jsonl, from which `npm test` prints a
 * one-screen summary at the end.
 */
export function recordFigure(suite: string, figures: Record<string, unknown>) {
  const dir = join(process.cwd(), 'test-results');
  mkdirSync(dir, { recursive: true });
  appendFileSync(join(dir, 'figures.jsonl'), JSON.stringify({ suite, ...figures }) + '\n');
}
