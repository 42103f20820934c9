#!/usr/bin/env node
// `npm start`: build once if there is no production build yet, then run the
// entrypoint (embedded PostgreSQL unless DATABASE_URL is set, migrations,
// first seed, outbox worker, HTTP on PORT, default 3000).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '../..');
const built = existsSync(join(root, '.next/BUILD_ID')) && existsSync(join(root, 'dist/entrypoint.mjs'));
if (!built || process.argv.includes('--rebuild')) {
  console.log('start: no production build yet, running npm run build (once)…');
  const res = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
const child = spawn(process.execPath, [join(root, 'dist/entrypoint.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env, APP_DIR: root },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
