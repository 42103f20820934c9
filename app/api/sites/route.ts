import { z } from 'zod';
import { paginateArray, ZPageQuery } from '@/lib/server/http/pagination';
import { withApi } from '@/lib/server/http/with-api';
import { findSiteByOrigin } from '@/lib/server/sites/get-site';

// GET /api/sites?site={origin} – the site record for a page origin (results[0]); public
export const GET = withApi({
  auth: 'optional',
  query: ZPageQuery.extend({ site: z.string().max(255).optional() }),
  docs: { summary: 'Site record for a page origin', tags: ['sites'] },
  handler: async ({ req, query }) => {
    const site = await findSiteByOrigin(query.site ?? req.nextUrl.origin);
    return paginateArray(req, query, site ? [site] : []);
  },
});
