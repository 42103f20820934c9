import 'server-only';
import { db } from '../../db';

/** The default site's title (TOTP issuer, mail sender name); "Mapspace" when none is configured. */
export async function siteTitle(): Promise<string> {
  const site = await db().site.findFirst({ where: { isDefault: true }, select: { title: true }, orderBy: { id: 'asc' } });
  return site?.title || 'Mapspace';
}
