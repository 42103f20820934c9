#!/usr/bin/env node
// Runs the Prisma CLI. Prisma 7 wants its native schema engine even for
// `generate` and `db seed`, which never execute it; where the engine could not
// be downloaded (offline machines) we point PRISMA_SCHEMA_ENGINE_BINARY at a
// stub that explains migrations are applied by the app itself. Where the
// engine is installed nothing changes.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env };

function engineInstalled() {
  if (env.PRISMA_SCHEMA_ENGINE_BINARY && existsSync(env.PRISMA_SCHEMA_ENGINE_BINARY)) return true;
  for (const dir of ['node_modules/@prisma/engines', 'node_modules/prisma']) {
    const full = join(root, dir);
    if (!existsSync(full)) continue;
    if (readdirSync(full).some((f) => f.startsWith('schema-engine'))) return true;
  }
  return false;
}

if (!engineInstalled()) env.PRISMA_SCHEMA_ENGINE_BINARY = join(root, 'scripts/schema-engine-stub.sh');

const cli = join(root, 'node_modules/prisma/build/index.js');
const res = spawnSync(process.execPath, [cli, ...process.argv.slice(2)], { stdio: 'inherit', env, cwd: root });
process.exit(res.status ?? 1);
