import { createAccount, listAccounts } from '@/lib/server/accounts';
import { ZAccountCreate } from '@/lib/schemas/tenancy';
import { envelopeOf, ZAccountWire } from '@/lib/schemas/tenancy-wire';
import { json, withApi } from '@/lib/server/http/with-api';
import { paginateArray, ZPageQuery } from '@/lib/server/http/pagination';

// GET /api/accounts – accounts the caller administers or belongs to (page envelope); any user
export const GET = withApi({
  query: ZPageQuery,
  docs: { summary: 'Accounts of the caller', tags: ['accounts'], response: envelopeOf(ZAccountWire) },
  handler: async ({ req, query, auth }) => paginateArray(req, query, await listAccounts(auth.user.id)),
});

// POST /api/accounts – create an account; the caller becomes its admin (a sent `admin` is ignored); any user
export const POST = withApi({
  body: ZAccountCreate,
  docs: { summary: 'Create an account', tags: ['accounts'], status: 201, response: ZAccountWire },
  handler: async ({ body, auth }) => json(await createAccount(auth.user.id, body), 201),
});
