#!/usr/bin/env node
// Summarises a V8 .cpuprofile (default: the newest in bench/profiles/, written by
// `npm run bench -- --profile`): self time by function and by package, so the
// cost of a request can be attributed (Next's server, Prisma, our code, GC).
//
//   node bench/profile-summary.mjs [file.cpuprofile] [top=25]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const dir = 'bench/profiles';
const file =
  process.argv[2] && process.argv[2].endsWith('.cpuprofile')
    ? process.argv[2]
    : readdirSync(dir)
        .filter((f) => f.endsWith('.cpuprofile'))
        .map((f) => join(dir, f))
        .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
const top = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 25);
const prof = JSON.parse(readFileSync(file, 'utf8'));

const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map();
const deltas = prof.timeDeltas;
for (let i = 0; i < prof.samples.length; i++) self.set(prof.samples[i], (self.get(prof.samples[i]) ?? 0) + (deltas[i] ?? 0));
const total = [...self.values()].reduce((a, b) => a + b, 0);

function packageOf(url) {
  if (!url) return '(native/vm)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.includes('/.next/server/chunks/') || url.includes('/.next/server/app/')) return '(app bundle)';
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  return url.replace(/^file:\/\//, '').replace(process.cwd() + '/', '');
}

const fnTotals = new Map();
const pkgTotals = new Map();
for (const [id, us] of self) {
  const n = byId.get(id);
  const cf = n.callFrame;
  const fnKey = `${cf.functionName || '(anonymous)'}  ${packageOf(cf.url)}:${cf.lineNumber + 1}`;
  fnTotals.set(fnKey, (fnTotals.get(fnKey) ?? 0) + us);
  const pk = cf.functionName === '(garbage collector)' ? '(gc)' : cf.functionName === '(idle)' ? '(idle)' : cf.functionName === '(program)' ? '(program)' : packageOf(cf.url);
  pkgTotals.set(pk, (pkgTotals.get(pk) ?? 0) + us);
}
const pct = (us) => ((100 * us) / total).toFixed(1).padStart(5) + ' %';
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
console.log('\nby package / bundle (self time)');
for (const [k, v] of [...pkgTotals].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(v)}  ${k}`);
console.log('\nby function (self time)');
for (const [k, v] of [...fnTotals].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(v)}  ${k}`);
