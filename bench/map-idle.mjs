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
/* global fetch, setTimeout, performance, window */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
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
for (let i = 0; i < Math.ceil(EXTRA / 2); i++) await layer(`Tiles ${i}${i === 0 ? ' baseLayer' : ''}`, await ds('xyz', { url: `${SRV}/tiles/${i}/{z}/{x}/{y}.png` }), i);
for (let i = 0; i < Math.floor(EXTRA / 2); i++) await layer(`Areas ${i}`, await ds('geojson', { url: `${SRV}/small/${i}.geojson` }), 10 + i);
const bigLayerId = (await db.query(`INSERT INTO layers (workspace_id, data_source_id, name, position, updated_at) VALUES ($1, $2, $3, 20, now()) RETURNING id`, [wsId, await ds('geojson', { url: `${SRV}/big.geojson` }), `${FEATURES} points`])).rows[0].id;

const sid = randomBytes(32).toString('base64url');
await db.query(`INSERT INTO sessions (token_hash, user_id, expires_at, updated_at) VALUES ($1, $2, now() + interval '1 hour', now())`, [createHash('sha256').update(sid).digest('hex'), userId]);
const cookie = await encode({ token: { sub: String(userId), sid }, secret: SECRET });

// --- measure -----------------------------------------------------------------------------------
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-dev-shm-usage', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
});
const results = [];
for (let run = 0; run < RUNS; run++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: 'mapspace.session', value: cookie, domain: 'localhost', path: '/', httpOnly: true, sameSite: 'Lax' }]);
  const page = await context.newPage();
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
  // Not timed: the big layer must really be drawn — every point inside the view is a rendered feature.
  const [bounds, drawn] = await page.evaluate((id) => {
    const map = window.__mapspaceMap;
    const b = map.getBounds();
    const ids = new Set(map.queryRenderedFeatures({ layers: [`ws-${id}-circle`] }).map((f) => f.properties.id));
    return [[b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], ids.size];
  }, bigLayerId);
  const inView = bigFeatures.filter((f) => { const [x, y] = f.geometry.coordinates; return x >= bounds[0] && x <= bounds[2] && y >= bounds[1] && y <= bounds[3]; }).length;
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
