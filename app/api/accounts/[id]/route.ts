import { z } from 'zod';
import { deleteAccount, getAccount, updateAccount } from '@/lib/server/accounts';
import { ZAccountUpdate } from '@/lib/schemas/tenancy';
import { ZAccountWire } from '@/lib/schemas/tenancy-wire';
import { ZIdParam } from '@/lib/server/http/drf';
import { withApi } from '@/lib/server/http/with-api';

const params = z.object({ id: ZIdParam });

// GET /api/accounts/{id} – one account; admins and members
export const GET = withApi({
  params,
  docs: { summary: 'One account', tags: ['accounts'], response: ZAccountWire },
  handler: async ({ params, auth }) => {
    const { canManage: _canManage, ...account } = await getAccount(auth.user.id, params.id);
    return account;
  },
});

// PATCH /api/accounts/{id} – rename / re-describe (slug stays); account admins
export const PATCH = withApi({
  params,
  body: ZAccountUpdate,
  docs: { summary: 'Update an account', tags: ['accounts'], response: ZAccountWire },
  handler: async ({ params, body, auth }) => updateAccount(auth.user.id, params.id, body),
});

// DELETE /api/accounts/{id} – delete the account and everything in it; account admins
export const DELETE = withApi({
  params,
  docs: { summary: 'Delete an account', tags: ['accounts'], status: 204 },
  handler: async ({ params, auth }) => deleteAccount(auth.user.id, params.id),
});
