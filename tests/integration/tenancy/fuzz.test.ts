import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { POST as postAccount } from '@/app/api/accounts/route';
import { PUT as cloneRoute } from '@/app/api/cloneWorkspace/route';
import { POST as postInvite } from '@/app/api/invite/route';
import { POST as postShare } from '@/app/api/workspaces/[id]/shares/route';
import { PATCH as patchWs } from '@/app/api/workspaces/[id]/route';
import { POST as postWs } from '@/app/api/workspaces/route';
import { call } from '../../helpers/http';
import { tenant } from './fixtures';

/** Property-based fuzzing of every tenancy body schema: whatever the JSON, never a 5xx (SECURITY, input). */
const value = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }), fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }));
const keys = ['name', 'description', 'account', 'admin', 'camera', 'workspacePlugins', 'mobile', 'editors', 'version', 'workspace', 'user', 'label', 'expires_at', '__proto__'];
const body = fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 6 });

describe('fuzzing the tenancy bodies', () => {
  test('POST accounts / workspaces / invite / shares, PATCH workspace, PUT clone never answer 5xx', async () => {
    const t = await tenant();
    const id = String(t.workspace.id);
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const results = await Promise.all([
          call(postAccount, '/api/accounts', { token: t.user.token, body: b }),
          call(postWs, '/api/workspaces', { token: t.user.token, body: b }),
          call(patchWs, `/api/workspaces/${id}`, { method: 'PATCH', token: t.user.token, params: { id }, body: b }),
          call(postInvite, '/api/invite', { token: t.user.token, body: b }),
          call(postShare, `/api/workspaces/${id}/shares`, { token: t.user.token, params: { id }, body: b }),
          call(cloneRoute, '/api/cloneWorkspace', { method: 'PUT', token: t.user.token, body: b }),
        ]);
        for (const r of results) expect(r.status, r.text).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });
});
