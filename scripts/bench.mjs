#!/usr/bin/env node
// `npm run bench`: runs bench/run.ts with the react-server condition (so the
// server-only guards of lib/server are no-ops) through tsx.
import { spawnSync } from 'node:child_process';

const res = spawnSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'bench/run.ts', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(res.status ?? 1);
