#!/usr/bin/env node
// After `next build`: make .next/standalone a complete app folder (static
// files, public/, migrations) and bundle scripts/entrypoint.ts into
// dist/entrypoint.mjs (also copied into the standalone folder).
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(fileURLToPath(import.meta.url), '../..');
const standalone = join(root, '.next/standalone');

await build({
  entryPoints: [join(root, 'scripts/entrypoint.ts')],
  outfile: join(root, 'dist/entrypoint.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  plugins: [
    {
      name: 'externals',
      setup(b) {
        // `server-only` guards the Next bundle; outside it the guard is a no-op.
        b.onResolve({ filter: /^server-only$/ }, () => ({ path: 'server-only', namespace: 'empty' }));
        b.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: 'export {};', loader: 'js' }));
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});

if (existsSync(standalone)) {
  cpSync(join(root, '.next/static'), join(standalone, '.next/static'), { recursive: true });
  if (existsSync(join(root, 'public'))) cpSync(join(root, 'public'), join(standalone, 'public'), { recursive: true });
  mkdirSync(join(standalone, 'prisma'), { recursive: true });
  cpSync(join(root, 'prisma/migrations'), join(standalone, 'prisma/migrations'), { recursive: true });
  mkdirSync(join(standalone, 'dist'), { recursive: true });
  cpSync(join(root, 'dist'), join(standalone, 'dist'), { recursive: true });
  for (const pkg of ['@electric-sql/pglite', '@electric-sql/pglite-socket', 'rate-limiter-flexible']) {
    const from = join(root, 'node_modules', pkg);
    const to = join(standalone, 'node_modules', pkg);
    if (existsSync(from) && !existsSync(to)) cpSync(from, to, { recursive: true });
  }
}
console.log('postbuild: dist/entrypoint.mjs and .next/standalone ready');
