import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { pythonJsonError } from '@/lib/server/http/python-json-error';

/** DRF's "JSON parse error - …" carries Python's json message (API.md §2.3). */
describe("malformed JSON: Python's json messages", () => {
  test.each([
    ['', 'Expecting value: line 1 column 1 (char 0)'],
    ['{"name": ', 'Expecting value: line 1 column 10 (char 9)'],
    ['{name: 1}', 'Expecting property name enclosed in double quotes: line 1 column 2 (char 1)'],
    ['{"a" 1}', "Expecting ':' delimiter: line 1 column 6 (char 5)"],
    ['{"a": 1 "b": 2}', "Expecting ',' delimiter: line 1 column 9 (char 8)"],
    ['[1, 2', "Expecting ',' delimiter: line 1 column 6 (char 5)"],
    ['{"a": 1} x', 'Extra data: line 1 column 10 (char 9)'],
    ['"abc', 'Unterminated string starting at: line 1 column 1 (char 0)'],
    ['{\n  "a": tru\n}', 'Expecting value: line 2 column 8 (char 9)'],
  ])('%j → %s', (text, message) => {
    expect(pythonJsonError(text)).toBe(message);
  });

  // Differential check against CPython's own json module on mutated documents (python3 is on the
  // machine; skipped elsewhere unless CI).
  const python = (() => {
    try {
      execFileSync('python3', ['--version']);
      return true;
    } catch {
      return false;
    }
  })();
  test.skipIf(!python && !process.env.CI)('agrees with python3 -c "json.loads" on 2 000 broken documents', () => {
    const seeds = ['{"name": "Noord", "layers": [1, 2.5, -3e2, true, false, null], "camera": {"zoom": 7}}', '[{"a": "b\\n\\u00e9"}, [], {}, "x"]', '{\n  "settings": {"url": "https://x.test/{z}/{x}/{y}.png"}\n}'];
    const pieces = ['', ' ', '\n', '"', "'", ',', ':', '{', '}', '[', ']', '\\', '\\u12', '\\q', '\u0001', 'tru', 'nul', '-', '01', '1.', 'NaN', 'x'];
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648) % n);
    const cases: string[] = [];
    while (cases.length < 2000) {
      const base = seeds[rnd(seeds.length)];
      let text = base;
      for (let k = 0; k <= rnd(3); k++) {
        const at = rnd(text.length + 1);
        const cut = rnd(3);
        text = text.slice(0, at) + pieces[rnd(pieces.length)] + text.slice(at + cut);
      }
      if (rnd(5) === 0) text = text.slice(0, rnd(text.length + 1));
      let valid = true;
      try {
        JSON.parse(text);
      } catch {
        valid = false;
      }
      if (!valid) cases.push(text);
    }
    const dir = mkdtempSync(path.join(tmpdir(), 'pyjson-'));
    const file = path.join(dir, 'cases.json');
    writeFileSync(file, JSON.stringify(cases));
    const script = 'import json,sys\nout=[]\nfor c in json.load(open(sys.argv[1])):\n  try:\n    json.loads(c); out.append(None)\n  except json.JSONDecodeError as e:\n    out.append(str(e))\nprint(json.dumps(out))';
    const expected = JSON.parse(execFileSync('python3', ['-c', script, file], { encoding: 'utf8' })) as (string | null)[];
    const differ = cases
      .map((c, i) => [c, expected[i], expected[i] === null ? null : pythonJsonError(c)] as const)
      .filter(([, want, got]) => want !== null && want !== got);
    expect(differ.slice(0, 5)).toEqual([]);
  });
});
