#!/usr/bin/env node
// Benchmark (not part of `npm test`): time until a workspace with 20 layers
// and a 100 000-feature GeoJSON layer is completely drawn, i.e. the map's
// first `idle` after every layer source has loaded, in headless Chromium.
//
//   npm run build && node bench/map-idle.mjs            (BENCH_PORT=3399 by default)
//
// It starts the production build on a fresh database (tests/e2e/support/start-app.mjs),
// a local tile/GeoJSON server, creates the data with SQL, logs in with a session
// cookie and prints the time from navigation start to that idle, per run.
//
// Diagnostics (environment): BENCH_RUNS, BENCH_FEATURES, BENCH_LAYERS (the other layers),
// BENCH_TILE_LAYERS (how many of them are XYZ tile layers), BENCH_VIEWPORT (WxH);
// BENCH_TIMELINE=1 map events, frames and requests; BENCH_CPU=1 CPU time per process/thread;
// BENCH_FRAMECOST=1 cost of one complete frame by what is shown; BENCH_TRACE=/tmp/t (Chrome trace,
// BENCH_TRACE_CATEGORIES=a,b) and BENCH_CPUPROFILE=/tmp/p (page main thread, for
// bench/profile-summary.mjs).
/* global fetch, setTimeout, performance, window, document */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { deflateSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { hash } from '@node-rs/argon2';
import { encode } from 'next-auth/jwt';
import pg from 'pg';

const PORT = process.env.BENCH_PORT ?? '3399';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const FEATURES = Number(process.env.BENCH_FEATURES ?? 100_000);
const EXTRA = Number(process.env.BENCH_LAYERS ?? 20); // the other layers: half tile layers, half small GeoJSON
const TILE_LAYERS = Number(process.env.BENCH_TILE_LAYERS ?? Math.ceil(EXTRA / 2));
const AREA_LAYERS = EXTRA - TILE_LAYERS;
const [VW, VH] = (process.env.BENCH_VIEWPORT ?? '1280x800').split('x').map(Number);
const SECRET = 'e2e-secret-e2e-secret-e2e-secret-0123456789';
const BASE = `http://localhost:${PORT}`;

// --- local services ----------------------------------------------------------------------------
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
};
function solidPng(r, g, b, a = 255) {
  const raw = Buffer.alloc((256 * 4 + 1) * 256);
  for (let y = 0; y < 256; y++) for (let x = 0; x < 256; x++) raw.set([r, g, b, a], y * 1025 + 1 + x * 4);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(256, 0);
  ihdr.writeUInt32BE(256, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
const tiles = Array.from({ length: 12 }, (_, i) => solidPng((i * 40) % 256, (i * 90) % 256, (i * 150) % 256, 90));
const bigFeatures = [];
function bigGeojson(n) {
  const features = bigFeatures;
  let seed = 42;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let i = 0; i < n; i++) features.push({ type: 'Feature', properties: { id: i, name: `Point ${i}` }, geometry: { type: 'Point', coordinates: [3.3 + rnd() * 3.9, 50.7 + rnd() * 2.8] } });
  return JSON.stringify({ type: 'FeatureCollection', features });
}
const big = Buffer.from(bigGeojson(FEATURES));
const small = (i) => JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { name: `Area ${i}` }, geometry: { type: 'Polygon', coordinates: [[[4 + i * 0.1, 51], [4.5 + i * 0.1, 51], [4.5 + i * 0.1, 51.5], [4 + i * 0.1, 51.5], [4 + i * 0.1, 51]]] } }] });
const services = createServer((req, res) => {
  const u = new URL(req.url, 'http://x');
  const headers = { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' };
  let m;
  if ((m = /^\/tiles\/(\d+)\//.exec(u.pathname))) return res.writeHead(200, { ...headers, 'Content-Type': 'image/png' }).end(tiles[Number(m[1]) % tiles.length]);
  if (u.pathname === '/big.geojson') return res.writeHead(200, { ...headers, 'Content-Type': 'application/geo+json' }).end(big);
  if ((m = /^\/small\/(\d+)\.geojson$/.exec(u.pathname))) return res.writeHead(200, { ...headers, 'Content-Type': 'application/geo+json' }).end(small(Number(m[1])));
  res.writeHead(404, headers).end();
});
await new Promise((r) => services.listen(0, '127.0.0.1', r));
const SRV = `http://127.0.0.1:${services.address().port}`;

// --- app ---------------------------------------------------------------------------------------
const app = spawn(process.execPath, ['tests/e2e/support/start-app.mjs'], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, E2E_PORT: PORT, E2E_SMTP_PORT: '1' } });
const stop = () => app.kill('SIGTERM');
process.on('exit', stop);
for (let i = 0; ; i++) {
  const ok = await fetch(`${BASE}/api/health`).then((r) => r.ok).catch(() => false);
  if (ok) break;
  if (i > 240) throw new Error('app did not start');
  await new Promise((r) => setTimeout(r, 500));
}
const { url } = JSON.parse(readFileSync(`test-results/e2e-db-${PORT}.json`, 'utf8'));
const db = new pg.Pool({ connectionString: url, max: 2 });

const username = `bench${Date.now().toString(36)}`;
const pw = await hash('Bench-password-2026', { algorithm: 2 });
const userId = (await db.query(`INSERT INTO users (username, email, password_hash, is_active, updated_at) VALUES ($1, $2, $3, true, now()) RETURNING id`, [username, `${username}@example.test`, pw])).rows[0].id;
await db.query(`INSERT INTO profiles (user_id, updated_at) VALUES ($1, now())`, [userId]);
const accountId = (await db.query(`INSERT INTO accounts (name, slug, admin_id, updated_at) VALUES ($1, $1, $2, now()) RETURNING id`, [`acc-${username}`, userId])).rows[0].id;
await db.query(`INSERT INTO account_members (account_id, user_id, role, updated_at) VALUES ($1, $2, 'admin', now())`, [accountId, userId]);
const wsId = (await db.query(`INSERT INTO workspaces (name, admin_id, account_id, camera, updated_at) VALUES ('Bench', $1, $2, $3, now()) RETURNING id`, [userId, accountId, JSON.stringify({ center: [5.3, 52.1], zoom: 7, bearing: 0, pitch: 0 })])).rows[0].id;
const ds = async (type, settings) => (await db.query(`INSERT INTO datasources (account_id, name, type_id, settings, updated_at) VALUES ($1, $2, (SELECT id FROM datasource_types WHERE code = $3), $4, now()) RETURNING id`, [accountId, `${type} ${Math.floor(performance.now())}`, type, JSON.stringify(settings)])).rows[0].id;
const layer = (name, dsId, position) => db.query(`INSERT INTO layers (workspace_id, data_source_id, name, position, updated_at) VALUES ($1, $2, $3, $4, now())`, [wsId, dsId, name, position]);
for (let i = 0; i < TILE_LAYERS; i++) await layer(`Tiles ${i}${i === 0 ? ' baseLayer' : ''}`, await ds('xyz', { url: `${SRV}/tiles/${i}/{z}/{x}/{y}.png` }), i);
for (let i = 0; i < AREA_LAYERS; i++) await layer(`Areas ${i}`, await ds('geojson', { url: `${SRV}/small/${i}.geojson` }), 10 + i);
const bigLayerId = (await db.query(`INSERT INTO layers (workspace_id, data_source_id, name, position, updated_at) VALUES ($1, $2, $3, 20, now()) RETURNING id`, [wsId, await ds('geojson', { url: `${SRV}/big.geojson` }), `${FEATURES} points`])).rows[0].id;

const sid = randomBytes(32).toString('base64url');
await db.query(`INSERT INTO sessions (token_hash, user_id, expires_at, updated_at) VALUES ($1, $2, now() + interval '1 hour', now())`, [createHash('sha256').update(sid).digest('hex'), userId]);
const cookie = await encode({ token: { sub: String(userId), sid }, secret: SECRET });

// --- measure -----------------------------------------------------------------------------------
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-dev-shm-usage', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
});
// BENCH_TIMELINE=1: print the map's events (load, sources loaded, frames) per run.
const timeline = () => {
  const t = (window.__benchTimeline = []);
  const at = (what) => t.push(`${Math.round(performance.now())} ms  ${what}`);
  let m;
  Object.defineProperty(window, '__mapspaceMap', {
    configurable: true,
    get: () => m,
    set: (v) => {
      m = v;
      at('map created');
      let frames = 0;
      let last = performance.now();
      v.on('load', () => at('load'));
      v.on('dataloading', (e) => e.sourceId && !t.some((l) => l.endsWith(`first request ${e.sourceId}`)) && at(`first request ${e.sourceId}`));
      v.on('sourcedata', (e) => e.sourceId && e.isSourceLoaded && v.isSourceLoaded(e.sourceId) && at(`loaded ${e.sourceId}`));
      v.on('render', () => {
        const now = performance.now();
        frames++;
        at(`frame ${frames} (${Math.round(now - last)} ms since previous)`);
        last = now;
      });
      v.on('idle', () => at('idle'));
    },
  });
  document.addEventListener('DOMContentLoaded', () => at('DOMContentLoaded'));
};
// BENCH_CPU=1: CPU time per process kind and thread between navigation and idle (Linux /proc).
function cpuSnapshot() {
  const snap = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let cmd;
    try {
      cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    const joined = cmd.join(' ');
    const type = /--type=(\S+)/.exec(joined)?.[1] ?? (/chrom/.test(cmd[0]) ? 'browser' : joined.slice(0, 40));
    let tids = [];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        const st = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const comm = st.slice(st.indexOf('(') + 1, st.lastIndexOf(')')).replace(/\d+$/, '#');
        const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
        snap.set(`${pid}/${tid}`, { key: `${type} :: ${comm}`, ticks: Number(f[11]) + Number(f[12]) });
      } catch {
        /* gone */
      }
    }
  }
  return snap;
}
function cpuReport(before, after) {
  const by = new Map();
  for (const [id, a] of after) by.set(a.key, (by.get(a.key) ?? 0) + a.ticks - (before.get(id)?.ticks ?? 0));
  return [...by].filter(([, t]) => t > 2).sort((a, b) => b[1] - a[1]).map(([k, t]) => `  ${String(t * 10).padStart(6)} ms  ${k}`).join('\n');
}
const results = [];
for (let run = 0; run < RUNS; run++) {
  const context = await browser.newContext({ viewport: { width: VW, height: VH } });
  await context.addCookies([{ name: 'mapspace.session', value: cookie, domain: 'localhost', path: '/', httpOnly: true, sameSite: 'Lax' }]);
  const page = await context.newPage();
  if (process.env.BENCH_TIMELINE) await page.addInitScript(timeline);
  if (process.env.BENCH_TRACE) await browser.startTracing(page, { path: `${process.env.BENCH_TRACE}-${run + 1}.json`, screenshots: false, categories: process.env.BENCH_TRACE_CATEGORIES?.split(',') });
  const cdp = process.env.BENCH_CPUPROFILE ? await context.newCDPSession(page) : null;
  if (cdp) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.setSamplingInterval', { interval: 200 })).then(() => cdp.send('Profiler.start'));
  const cpuBefore = process.env.BENCH_CPU ? cpuSnapshot() : null;
  await page.goto(`${BASE}/workspace/view/${wsId}`);
  const [created, ms] = await page.evaluate(
    (expected) =>
      new Promise((resolve) => {
        const check = () => {
          const map = window.__mapspaceMap;
          if (!map) return setTimeout(check, 10);
          const created = performance.now();
          const done = () => {
            const ids = Object.keys(map.getStyle().sources).filter((s) => s.startsWith('ws-src-'));
            return ids.length >= expected && ids.every((s) => map.isSourceLoaded(s)) && map.areTilesLoaded();
          };
          const onIdle = () => {
            if (done()) resolve([created, performance.now()]);
            else map.once('idle', onIdle);
          };
          if (map.loaded() && done()) resolve([created, performance.now()]);
          else map.once('idle', onIdle);
        };
        check();
      }),
    EXTRA + 1,
  );
  results.push(ms);
  if (cpuBefore) console.log(`CPU time from navigation to idle, by process and thread:\n${cpuReport(cpuBefore, cpuSnapshot())}`);
  if (cdp) writeFileSync(`${process.env.BENCH_CPUPROFILE}-${run + 1}.cpuprofile`, JSON.stringify((await cdp.send('Profiler.stop')).profile));
  if (process.env.BENCH_TRACE) await browser.stopTracing();
  if (process.env.BENCH_TIMELINE) {
    console.log(await page.evaluate(() => window.__benchTimeline.join('\n')));
    // Requests by kind: count, first start, last end, median duration (ms since navigation).
    console.log(await page.evaluate(() => {
      const groups = {};
      for (const e of performance.getEntriesByType('resource')) {
        const kind = /\/api\/layers\/\d+\/tiles\//.test(e.name) ? 'app vector tiles' : /\/tiles\//.test(e.name) ? 'xyz raster tiles' : /_next\/static/.test(e.name) ? 'js/css' : e.name.replace(/\?.*$/, '').slice(-40);
        (groups[kind] ??= []).push(e);
      }
      const detail = (groups['js/css'] ?? []).map((e) => `  ${e.name.split('/').pop()} ${Math.round(e.startTime)}–${Math.round(e.responseEnd)} ms ${e.encodedBodySize} B`);
      return [...detail, ...Object.entries(groups).map(([k, es]) => {
        const d = es.map((e) => e.responseEnd - e.startTime).sort((a, b) => a - b);
        return `${k}: ${es.length} requests, ${Math.round(Math.min(...es.map((e) => e.startTime)))}–${Math.round(Math.max(...es.map((e) => e.responseEnd)))} ms, median ${Math.round(d[d.length >> 1])} ms, max ${Math.round(d[d.length - 1])} ms`;
      })].join('\n');
    }));
  }
  // Not timed: the big layer must really be drawn — every point inside the view is a rendered feature.
  const [bounds, drawn] = await page.evaluate((id) => {
    const map = window.__mapspaceMap;
    const b = map.getBounds();
    const ids = new Set(map.queryRenderedFeatures({ layers: [`ws-${id}-circle`] }).map((f) => f.properties.id));
    return [[b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], ids.size];
  }, bigLayerId);
  const inView = bigFeatures.filter((f) => { const [x, y] = f.geometry.coordinates; return x >= bounds[0] && x <= bounds[2] && y >= bounds[1] && y <= bounds[3]; }).length;
  if (process.env.BENCH_FRAMECOST) {
    // Cost of one complete frame (drawn and read back), by what is shown; after a warm-up.
    console.log(await page.evaluate((id) => {
      const map = window.__mapspaceMap;
      const gl = map.painter.context.gl;
      const px = new Uint8Array(4);
      const layers = map.getStyle().layers.filter((l) => l.id.startsWith('ws-'));
      const show = (pred) => layers.forEach((l) => map.setLayoutProperty(l.id, 'visibility', pred(l) ? 'visible' : 'none'));
      const frames = (label, pred) => {
        show(pred);
        const t0 = performance.now();
        for (let i = 0; i < 5; i++) {
          map.redraw();
          gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
        }
        return `${label} ${Math.round((performance.now() - t0) / 5)} ms`;
      };
      const points = `ws-${id}-circle`;
      frames('warm-up', () => true);
      const out = [
        frames('frame with every layer:', () => true),
        frames('raster layers only:', (l) => l.type === 'raster'),
        frames('half the raster layers:', (l) => l.type === 'raster' && Number(l.id.split('-')[1]) % 2 === 0),
        frames('the 100k points only:', (l) => l.id === points),
        frames('the small GeoJSON layers only:', (l) => l.type !== 'raster' && l.id !== points),
        frames('no layer:', () => false),
      ];
      show(() => true);
      return out.join(', ');
    }, bigLayerId));
  }
  if (drawn < inView * 0.99) throw new Error(`run ${run + 1}: only ${drawn} of the ${inView} points in view were drawn`);
  console.log(`run ${run + 1}: first complete idle after ${Math.round(ms)} ms (map created at ${Math.round(created)} ms; ${EXTRA} layers + ${FEATURES} GeoJSON features)`);
  await context.close();
}
results.sort((a, b) => a - b);
console.log(`median ${Math.round(results[Math.floor(results.length / 2)])} ms over ${RUNS} runs (goal ≤ 2000 ms; SwiftShader WebGL, shared CPU)`);
await browser.close();
await db.end();
services.close();
stop();
process.exit(0);
