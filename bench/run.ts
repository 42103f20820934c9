/**
 * `npm run bench`: seeds a realistic data set, runs the production server
 * pinned to core 0 and autocannon pinned to core 1, and prints per endpoint
 * req/s, p50, p97.5, p99, errors and non-2xx at 32 connections, p99 at a
 * fixed rate of half the maximum (open model), the SQL statements per
 * request, and the ratio to a bare node:http server answering from one
 * indexed query (the ceiling of this design). Writes bench/results.json.
 * Not part of `npm test`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDatabase, dropDatabase, MIGRATIONS_DIR } from '../tests/setup/test-db';
import { applyMigrations } from '../lib/server/db/migrate';
import { seedBenchData, type TBenchFixture } from './seed';

const PORT = Number(process.env.BENCH_PORT ?? 3400);
const CEILING_PORT = PORT + 1;
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const CONNECTIONS = 32;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const GOALS = { listReqPerSec: 1500, listP99Ms: 40, ceilingRatio: 0.5, floodP99Factor: 2 };
/** `--only=<text>`: measure only the endpoints whose name contains it (profiling one route). */
const ONLY = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
/** `--profile`: the app runs with --cpu-prof; the .cpuprofile lands in bench/profiles/ (summarise: node bench/profile-summary.mjs). */
const PROFILE = process.argv.includes('--profile');
/** `--sql`: print each statement with its duration and stop before the load runs. */
const SQL = process.argv.includes('--sql');

type TShot = { reqPerSec: number; p50: number; p975: number; p99: number; errors: number; non2xx: number; timeouts: number };
type TRow = { name: string; path: string; max: TShot; fixedRate: number; fixedP99: number; queries: number | null; ratio: number | null; list: boolean };

function autocannon(args: string[]): Promise<TShot> {
  return new Promise((resolve, reject) => {
    const bin = join(process.cwd(), 'node_modules/autocannon/autocannon.js');
    const child = spawn('taskset', ['-c', '1', process.execPath, bin, '--json', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}`));
      const r = JSON.parse(out);
      resolve({
        reqPerSec: Math.round(r.requests.average),
        p50: r.latency.p50,
        p975: r.latency.p97_5,
        p99: r.latency.p99,
        errors: r.errors,
        non2xx: r.non2xx,
        timeouts: r.timeouts,
      });
    });
    child.on('error', reject);
  });
}

function loadArgs(url: string, opts: { headers?: Record<string, string>; method?: string; body?: string; connections?: number; duration?: number; rate?: number }) {
  const args = ['-c', String(opts.connections ?? CONNECTIONS), '-d', String(opts.duration ?? DURATION)];
  if (opts.rate) args.push('-R', String(opts.rate));
  if (opts.method) args.push('-m', opts.method);
  if (opts.body) args.push('-b', opts.body);
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}=${v}`);
  args.push(url);
  return args;
}

async function waitHealthy(url: string) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server at ${url} did not become healthy`);
}

function startApp(databaseUrl: string): ChildProcess {
  const prof = PROFILE ? ['--cpu-prof', '--cpu-prof-dir=bench/profiles'] : [];
  if (PROFILE) mkdirSync('bench/profiles', { recursive: true });
  // BENCH_NODE_FLAGS: extra V8/Node flags for the app (tuning experiments, e.g. --max-semi-space-size=32).
  const flags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  return spawn('taskset', ['-c', '0', process.execPath, ...flags, ...prof, 'dist/entrypoint.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_DIR: process.cwd(),
      PORT: String(PORT),
      HOST: '127.0.0.1',
      APP_URL: `http://localhost:${PORT}`,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: SECRET,
      LOG_LEVEL: 'error',
      SEED_ON_START: 'false',
      RATE_LIMIT_IP_PER_MIN: '100000000',
      DATABASE_POOL_SIZE: '10',
    },
  });
}

/** The ceiling: node:http answering the accounts list from one indexed query, same pinning. */
function startCeiling(databaseUrl: string, userId: number) {
  const code = `
    const http = require('node:http'); const pg = require('pg');
    const pool = new pg.Pool({ connectionString: ${JSON.stringify(databaseUrl)}, max: 10 });
    http.createServer(async (req, res) => {
      const { rows } = await pool.query('SELECT id, name, slug, description, admin_id AS admin FROM accounts WHERE admin_id = $1 ORDER BY id LIMIT 1000', [${userId}]);
      const body = JSON.stringify({ count: rows.length, next: null, previous: null, results: rows });
      res.writeHead(200, { 'content-type': 'application/json' }); res.end(body);
    }).listen(${CEILING_PORT}, '127.0.0.1');`;
  return spawn('taskset', ['-c', '0', process.execPath, '-e', code], { stdio: 'inherit', cwd: process.cwd() });
}

async function countQueries(fixture: TBenchFixture): Promise<Record<string, number>> {
  // In-process: the same route handlers, with Prisma's query events counted.
  const { queryCounter, db } = await import('../lib/server/db');
  // `--sql`: print each statement with its duration (which query costs what).
  if (SQL) {
    (db() as unknown as { $on: (e: 'query', cb: (q: { query: string; duration: number; params: string }) => void) => void }).$on('query', (q) =>
      console.log(`    ${q.duration} ms  ${q.query}  -- params ${q.params}`),
    );
  }
  const { buildRequest } = await import('../tests/helpers/http');
  const out: Record<string, number> = {};
  for (const e of fixture.endpoints) {
    if (!e.handler) continue;
    const mod = (await import(join(process.cwd(), e.handler.file)))[e.method ?? 'GET'];
    const before = queryCounter.count;
    const req = buildRequest(e.path, { method: e.method ?? 'GET', token: e.auth === false ? undefined : fixture.token, body: e.body ? JSON.parse(e.body) : undefined });
    const res = await (mod as (r: unknown, c: unknown) => Promise<Response>)(req, { params: Promise.resolve(e.params ?? {}) });
    await res.text();
    out[e.name] = queryCounter.count - before;
    if (SQL) console.log(`  ^ ${e.name}: ${out[e.name]} statements`);
  }
  return out;
}

async function main() {
  const started = Date.now();
  // Before the first Prisma client exists, so its query events are counted (SQL per request).
  process.env.PRISMA_COUNT_QUERIES = '1';
  if (!process.argv.includes('--no-build')) {
    const b = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (b.status !== 0) throw new Error('build failed');
  }
  const db = await createDatabase('mapspace_bench');
  let app: ChildProcess | null = null;
  let ceiling: ChildProcess | null = null;
  try {
    await applyMigrations(db.url, MIGRATIONS_DIR);
    Object.assign(process.env, { DATABASE_URL: db.url, AUTH_SECRET: SECRET, APP_URL: `http://localhost:${PORT}`, LOG_LEVEL: 'error' });
    console.log('bench: seeding…');
    const fixture = await seedBenchData();
    console.log(`bench: seeded ${JSON.stringify(fixture.counts)} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const queries = await countQueries(fixture);
    if (SQL) return; // statements only, no load

    app = startApp(db.url);
    ceiling = startCeiling(db.url, fixture.userId);
    const base = `http://127.0.0.1:${PORT}`;
    await waitHealthy(`${base}/api/health`);
    await waitHealthy(`http://127.0.0.1:${CEILING_PORT}/`);
    const auth = { authorization: `Token ${fixture.token}` };

    console.log(`bench: warming up ${WARMUP} s…`);
    await autocannon(loadArgs(`${base}/api/accounts`, { headers: auth, duration: WARMUP }));
    await autocannon(loadArgs(`http://127.0.0.1:${CEILING_PORT}/`, { duration: 3 }));
    const ceil = await autocannon(loadArgs(`http://127.0.0.1:${CEILING_PORT}/`, {}));

    const rows: TRow[] = [];
    for (const e of fixture.endpoints.filter((x) => !ONLY || x.name.includes(ONLY))) {
      const headers = { ...(e.auth === false ? {} : auth), ...(e.body ? { 'content-type': 'application/json' } : {}), ...(e.cookie ? { cookie: e.cookie } : {}) };
      await autocannon(loadArgs(base + e.path, { headers, method: e.method, body: e.body, duration: 2 }));
      const max = await autocannon(loadArgs(base + e.path, { headers, method: e.method, body: e.body }));
      const rate = Math.max(1, Math.floor(max.reqPerSec / 2));
      const fixed = await autocannon(loadArgs(base + e.path, { headers, method: e.method, body: e.body, rate, connections: CONNECTIONS }));
      rows.push({ name: e.name, path: e.path, max, fixedRate: rate, fixedP99: fixed.p99, queries: queries[e.name] ?? null, ratio: e.list ? max.reqPerSec / ceil.reqPerSec : null, list: !!e.list });
      console.log(`  ${e.name}: ${max.reqPerSec} req/s, p99 ${max.p99} ms`);
    }

    // A wrong-password flood must not raise another route's p99 beyond 2×.
    const victim = ONLY && !process.argv.includes('--flood') ? undefined : rows.find((r) => r.name === 'GET /api/accounts');
    let flood: TFlood | null = null;
    if (victim) {
      const floodBody = JSON.stringify({ username: fixture.username, password: 'wrong-password-flood' });
      const [flooded] = await Promise.all([
        autocannon(loadArgs(base + victim.path, { headers: auth, rate: victim.fixedRate })),
        autocannon(loadArgs(`${base}/auth/login/`, { method: 'POST', body: floodBody, headers: { 'content-type': 'application/json' }, rate: 200, connections: 8 })),
      ]);
      flood = { baselineP99: victim.fixedP99, floodedP99: flooded.p99, factor: victim.fixedP99 ? flooded.p99 / Math.max(1, victim.fixedP99) : null };
    }

    printTable(rows, ceil, flood);
    if (!ONLY) {
      writeFileSync(
        'bench/results.json',
        JSON.stringify({ date: new Date().toISOString(), connections: CONNECTIONS, durationSeconds: DURATION, goals: GOALS, ceiling: ceil, endpoints: rows, flood, seeded: fixture.counts }, null, 2),
      );
    }
    console.log(`bench: done in ${((Date.now() - started) / 1000).toFixed(0)} s, ${ONLY ? '(--only: bench/results.json left as it was)' : 'results in bench/results.json'}`);
  } finally {
    const exited = app && app.exitCode === null ? new Promise((r) => app!.once('exit', r)) : Promise.resolve();
    app?.kill('SIGTERM');
    ceiling?.kill('SIGTERM');
    // The CPU profile is written when the app exits.
    await Promise.race([exited, new Promise((r) => setTimeout(r, PROFILE ? 15_000 : 1000))]);
    const { disconnectDb } = await import('../lib/server/db');
    const { closeRateLimitStore } = await import('../lib/server/auth/rate-limit');
    await disconnectDb().catch(() => {});
    await closeRateLimitStore();
    if (process.argv.includes('--keep-db')) console.log(`bench: database kept: ${db.url}`);
    else await dropDatabase(db.name).catch(() => {});
  }
}

type TFlood = { baselineP99: number; floodedP99: number; factor: number | null };

function printTable(rows: TRow[], ceil: TShot, flood: TFlood | null) {
  const pad = (v: unknown, n: number) => String(v).padStart(n);
  console.log('\nendpoint                                  req/s   p50  p97.5   p99  err non2xx  p99@½max  SQL/req  ×ceiling  goal');
  for (const r of rows) {
    const goal = r.list
      ? `${r.max.reqPerSec >= GOALS.listReqPerSec && r.max.p99 <= GOALS.listP99Ms ? 'met' : 'MISSED'} (≥${GOALS.listReqPerSec}/s, p99≤${GOALS.listP99Ms}ms, ≥${GOALS.ceilingRatio * 100}% ceiling)`
      : r.name.startsWith('POST /auth/login')
        ? 'bounded by argon2id'
        : r.name.startsWith('floor:')
          ? `Next route + wrapper, no SQL: ${((100 * r.max.reqPerSec) / ceil.reqPerSec).toFixed(0)}% of the ceiling bounds every route`
          : '';
    console.log(
      `${r.name.padEnd(40)} ${pad(r.max.reqPerSec, 6)} ${pad(r.max.p50, 5)} ${pad(r.max.p975, 6)} ${pad(r.max.p99, 5)} ${pad(r.max.errors, 4)} ${pad(r.max.non2xx, 6)} ${pad(r.fixedP99, 9)} ${pad(r.queries ?? '-', 8)} ${pad(r.ratio === null ? '-' : (r.ratio * 100).toFixed(0) + '%', 9)}  ${goal}`,
    );
  }
  console.log(`${'bare node:http ceiling (1 indexed query)'.padEnd(40)} ${pad(ceil.reqPerSec, 6)} ${pad(ceil.p50, 5)} ${pad(ceil.p975, 6)} ${pad(ceil.p99, 5)}`);
  if (flood) console.log(`wrong-password flood (200 req/s): p99 of GET /api/accounts ${flood.baselineP99} ms → ${flood.floodedP99} ms (×${flood.factor?.toFixed(2)}; goal ≤ ${GOALS.floodP99Factor}×)`);
  console.log('app pinned to core 0, autocannon to core 1; PostgreSQL unpinned and shares the cores.');
}

main().catch((err) => {
  console.error(`bench: ${(err as Error).stack ?? err}`);
  process.exit(1);
});

