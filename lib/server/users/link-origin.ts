import 'server-only';
import { config } from '../config';
import { isKnownSiteOrigin, normalizeOrigin } from '../sites/get-site';

/** The origin for mail links: `candidate` only when it is a configured site, else APP_URL (never the Host header). */
export async function linkOrigin(candidate: string | null | undefined): Promise<string> {
  if (candidate && (await isKnownSiteOrigin(candidate))) return normalizeOrigin(candidate)!;
  return new URL(config().APP_URL).origin;
}
