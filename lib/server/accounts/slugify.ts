import 'server-only';

/** URL slug of an account name: lowercase ASCII words joined by '-', at most 280 characters. */
export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 280)
    .replace(/-+$/g, '');
  return base || 'account';
}

/** The first free slug among base, base-2, base-3 … given the taken ones. */
export function nextFreeSlug(base: string, taken: Iterable<string>): string {
  const set = new Set(taken);
  if (!set.has(base)) return base;
  for (let i = 2; ; i++) {
    const candidate = `${base}-${i}`;
    if (!set.has(candidate)) return candidate;
  }
}
