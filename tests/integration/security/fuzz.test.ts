import fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import { ROUTES } from '@/lib/server/http/route-manifest.generated';
import type { TRouteHandler } from '@/lib/server/http/with-api';
import { createUser } from '../../helpers/factories';
import { buildRequest } from '../../helpers/http';
import { recordFigure } from '../../support/figures';

/**
 * fast-check fuzz of every JSON route in the route manifest (a new route is
 * fuzzed automatically): arbitrary JSON bodies, path ids and query strings,
 * authenticated as a real user. The status must never be 5xx. Runs per
 * route: FUZZ_RUNS (300 in `npm test`, 1 000 in `npm run fuzz`).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const figures: { route: string; runs: number; failures: number; transient?: number }[] = [];

const unicodeText = fc.string({ unit: 'grapheme', maxLength: 40 });
const nasty = fc.constantFrom('', ' ', '\u0000', '\ud800', '💥', "'; DROP TABLE users;--", '<script>alert(1)</script>', '__proto__', 'x'.repeat(5000), '-1', '0', '1e400', 'null', 'NaN');
const scalar = fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), unicodeText, nasty);
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 4 }), fc.dictionary(unicodeText, scalar, { maxKeys: 4 }));

function bodyFor(keys: string[]) {
  // Objects that use the route's own field names (so validation is reached), plus pure noise.
  const shaped = fc.record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] });
  return fc.oneof(shaped, fc.dictionary(unicodeText, value, { maxKeys: 5 }), fc.jsonValue(), fc.constant('{"a":'));
}

function fieldNames(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> })?.shape;
  return shape ? Object.keys(shape) : [];
}

afterAll(() => {
  const total = figures.reduce((a, f) => a + f.runs, 0);
  const failed = figures.reduce((a, f) => a + f.failures, 0);
  const transient = figures.reduce((a, f) => a + (f.transient ?? 0), 0);
  console.log(`fuzz: ${figures.length} route methods, ${total} runs, ${failed} responses ≥ 500, ${transient} transient 503s retried`);
  recordFigure('fuzz', { routeMethods: figures.length, runs: total, fiveHundreds: failed, transient503Retried: transient });
});

describe('fuzz every JSON route (never a 5xx)', async () => {
  const cases: { name: string; path: string; method: string; handler: TRouteHandler }[] = [];
  for (const route of ROUTES) {
    const mod = await route.load();
    for (const method of route.methods) {
      const handler = mod[method] as TRouteHandler | undefined;
      if (handler?.apiMeta) cases.push({ name: `${method} ${route.path}`, path: route.path, method, handler });
    }
  }

  test.each(cases)('$name', async ({ name, path, method, handler }) => {
    const user = await createUser();
    let failures = 0;
    let transient = 0;
    let shrunk: unknown = null;
    const keys = fieldNames(handler.apiMeta.body);
    const queryKeys = fieldNames(handler.apiMeta.query);
    const params = [...path.matchAll(/\{(\w+)\*?\}/g)].map((m) => m[1]);
    await fc.assert(
      fc.asyncProperty(
        bodyFor(keys),
        fc.array(fc.oneof(fc.nat({ max: 100000 }).map(String), unicodeText, nasty), { minLength: params.length, maxLength: params.length }),
        fc.dictionary(fc.constantFrom(...(queryKeys.length ? queryKeys : ['q'])), fc.oneof(unicodeText, nasty, fc.nat().map(String)), { maxKeys: 3 }),
        fc.boolean(),
        async (body, paramValues, query, authed) => {
          const url = new URL(path.replace(/\{(\w+)\*?\}/g, (_, p) => encodeURIComponent(paramValues[params.indexOf(p)] || 'x')), 'http://localhost:3000');
          for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
          const raw = typeof body === 'string' ? body : JSON.stringify(body);
          const send = async () => {
            const req = buildRequest(url.pathname + url.search, {
              method,
              token: authed ? user.token : undefined,
              ...(method === 'GET' || method === 'DELETE' ? {} : { rawBody: raw, contentType: 'application/json' }),
            });
            const res = await handler(req, { params: Promise.resolve(Object.fromEntries(params.map((p, i) => [p, paramValues[i] || 'x']))) });
            return { status: res.status, text: await res.text() };
          };
          let res = await send();
          // A 503 is the database saying "not now" (fail-fast timeouts on a loaded machine), not the
          // input breaking the route: it counts only when the same request fails again.
          if (res.status === 503) {
            transient++;
            res = await send();
          }
          if (res.status >= 500) {
            failures++;
            console.log(`fuzz 5xx: ${name} ${res.status} ${res.text.slice(0, 200)} body=${raw.slice(0, 200)}`);
            return false;
          }
          return true;
        },
      ),
      { numRuns: RUNS, endOnFailure: true, reporter: (out) => { if (out.failed) shrunk = out.counterexample; } },
    ).catch((err) => {
      figures.push({ route: name, runs: RUNS, failures });
      throw new Error(`${name}: 5xx for ${JSON.stringify(shrunk)?.slice(0, 500)} (${(err as Error).message.split('\n')[0]})`);
    });
    figures.push({ route: name, runs: RUNS, failures, transient });
    expect(failures).toBe(0);
  });
});
