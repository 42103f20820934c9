/** The name shown in the top bar when the site has no title ([R1.03]): host without leading www. and trailing .app/.nl. */
export function displayHost(host: string): string {
  const name = host.split(':')[0].toLowerCase();
  return name.replace(/^www\./, '').replace(/\.(app|nl)$/, '');
}

/** `www.example.com` → the same address without `www.` ([R1.04]); null when no redirect is needed. */
export function wwwRedirectTarget(url: string): string | null {
  const u = new URL(url);
  if (!u.hostname.startsWith('www.')) return null;
  u.hostname = u.hostname.slice(4);
  return u.toString();
}
