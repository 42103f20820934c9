import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

const root = process.cwd();
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const deps = { ...pkg.dependencies, ...pkg.devDependencies };

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

describe("the owner's design card", () => {
  test('[D.08] the top level holds package.json, tsconfig.json, next.config.mjs, prisma/, app/, components/, lib/, emails/, tests/, docker-compose.yml, .env.example', () => {
    for (const f of ['package.json', 'tsconfig.json', 'next.config.mjs', 'prisma', 'app', 'components', 'lib', 'emails', 'tests', 'docker-compose.yml', '.env.example', 'proxy.ts', 'Dockerfile', 'README.md', '.ci/run']) {
      expect(existsSync(join(root, f)), f).toBe(true);
    }
  });

  test('[D.09] the owner’s packages are the ones in use', () => {
    for (const p of ['next', 'react', 'react-dom', 'next-auth', 'prisma', '@prisma/client', 'otplib', 'nodemailer', 'qrcode', 'zod', 'tailwindcss', '@headlessui/react', 'date-fns', 'vitest']) {
      expect(deps[p], p).toBeTruthy();
    }
    expect(deps['@playwright/test'] ?? deps.playwright).toBeTruthy();
    expect(deps.next).toMatch(/^\^?16\./);
    expect(deps.react).toMatch(/^\^?19\./);
    expect(deps.prisma).toMatch(/^\^?7\./);
  });

  test('[D.01] pages are App Router files in TypeScript, with strict type checking', () => {
    const ts = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8'));
    expect(ts.compilerOptions.strict).toBe(true);
    const appFiles = walk(join(root, 'app'));
    expect(appFiles.some((f) => f.endsWith('layout.tsx'))).toBe(true);
    const sources = [...appFiles, ...walk(join(root, 'lib')).filter((f) => !f.includes('/generated/')), ...walk(join(root, 'components'))];
    const js = sources.filter((f) => /\.(js|jsx|mjs)$/.test(f));
    expect(js).toEqual([]);
    expect(existsSync(join(root, 'pages'))).toBe(false);
  });

  test('[D.06] .env.example documents every setting the server reads', () => {
    const example = readFileSync(join(root, '.env.example'), 'utf8');
    const config = readFileSync(join(root, 'lib/server/config.ts'), 'utf8');
    const keys = [...config.matchAll(/^\s{2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]).filter((k) => k !== 'NODE_ENV');
    expect(keys.length).toBeGreaterThan(10);
    for (const k of keys) expect(example, k).toContain(k);
    expect(readFileSync(join(root, 'docker-compose.yml'), 'utf8')).toMatch(/postgres:16/);
  });

  test('every file under lib/server starts with the server-only guard', () => {
    const files = walk(join(root, 'lib/server')).filter((f) => f.endsWith('.ts') && !f.endsWith('.generated.ts') && !f.endsWith('.d.ts'));
    const missing = files.filter((f) => {
      const text = readFileSync(f, 'utf8');
      return !text.startsWith("import 'server-only';") && !text.startsWith('// universal:');
    });
    expect(missing).toEqual([]);
  });
});

describe('package-lock.json', () => {
  test('lists every optional platform binary, so `npm ci` works on a clean clone', () => {
    // npm 11 on this machine drops other platforms' optional packages when it rewrites the lock,
    // after which `npm ci` refuses the lock ("Missing: … from lock file").
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { optionalDependencies?: Record<string, string> }> };
    const missing: string[] = [];
    for (const [key, entry] of Object.entries(lock.packages)) {
      for (const dep of Object.keys(entry.optionalDependencies ?? {})) {
        const nested = `${key}/node_modules/${dep}`;
        if (!lock.packages[nested] && !lock.packages[`node_modules/${dep}`]) missing.push(`${dep} (of ${key || 'root'})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
