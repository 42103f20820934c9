import { z } from 'zod';

/** Response shapes of the tenancy API for the OpenAPI document (lib/wire-types.ts has the TS types). */
export const ZPlanWire = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

export const ZAccountWire = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  admin: z.number().int(),
  plan: ZPlanWire.nullable(),
  trial_ends_at: z.string().nullable(),
});

export const ZWorkspaceWire = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  admin: z.number().int(),
  account: z.number().int(),
  plan: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  editors: z.array(z.number().int()),
  camera: z.string().describe('JSON text: {center:[lng,lat], zoom, bearing, pitch}'),
  workspacePlugins: z.string().describe('JSON text: splitPanel, elevationWidget, biWidget'),
  mobile: z.boolean(),
  layerCount: z.number().int(),
  version: z.number().int(),
  date_modified: z.string(),
  role: z.enum(['admin', 'editor', 'viewer', 'public']).optional(),
});

export const ZWorkspaceDetailWire = ZWorkspaceWire.extend({ layers: z.array(z.record(z.string(), z.unknown())) });

export const ZInviteWire = z.object({
  id: z.number().int(),
  workspace: z.object({ id: z.number().int(), name: z.string() }),
  user: z.object({ id: z.number().int(), username: z.string(), email: z.string() }).optional(),
  created: z.string().optional(),
});

export const ZShareLinkWire = z.object({
  id: z.number().int(),
  label: z.string(),
  expires_at: z.string().nullable(),
  created: z.string(),
  open_count: z.number().int(),
  last_opened_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  active: z.boolean(),
});

export const ZCreatedShareLinkWire = ZShareLinkWire.extend({ token: z.string().describe('Shown once'), url: z.string() });

/** DRF's page envelope around `item`. */
export function envelopeOf<T extends z.ZodType>(item: T) {
  return z.object({ count: z.number().int(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(item) });
}
