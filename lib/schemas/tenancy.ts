import { z } from 'zod';
import { bool, int, jsonText, pk, str } from '@/lib/server/http/drf';

/**
 * Request bodies of the tenancy API (accounts, workspaces, invites, share
 * links) with DRF's messages, and the JSON shapes stored as text on a
 * workspace (camera, plugin settings), validated on every write.
 */
export const ZAccountCreate = z.object({
  name: str({ max: 255 }),
  description: str({ max: 10_000 }),
});
export const ZAccountUpdate = z.object({
  name: str({ max: 255 }).optional(),
  description: str({ max: 10_000 }).optional(),
});

export const ZCamera = z
  .object({
    center: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]),
    zoom: z.number().min(0).max(24),
    bearing: z.number().min(-360).max(360),
    pitch: z.number().min(0).max(85),
  })
  .strict();

const ZProfile = z
  .object({
    title: z.string().max(255),
    color: z.string().max(64),
    url: z.string().max(2048),
    layer: z.string().max(255).optional(),
    // How the map samples heights from a raster-DEM tile source (components/map/elevation-profile).
    encoding: z.enum(['terrarium', 'mapbox']).optional(),
    zoom: z.number().int().min(0).max(22).optional(),
  })
  .strict();

export const ZWorkspacePlugins = z
  .object({
    splitPanel: z
      .object({
        enabled: z.boolean(),
        mode: z.enum(['swipe', 'side', 'split']).optional(),
        left: z.array(z.number().int()).max(1000).optional(),
        right: z.array(z.number().int()).max(1000).optional(),
      })
      .strict()
      .optional(),
    elevationWidget: z.object({ enabled: z.boolean(), profiles: z.array(ZProfile).max(50) }).strict().optional(),
    biWidget: z
      .object({ enabled: z.boolean(), url: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]), title: z.string().max(255).optional() })
      .strict()
      .optional(),
  })
  .strict();

/** A JSON-text field whose parsed value must satisfy `schema`; messages under the field name. */
function jsonOf(schema: z.ZodType, max = 200_000) {
  return jsonText(max).superRefine((text, ctx) => {
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: 'This field may not be blank.' });
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return; // jsonText already reported it
    }
    const res = schema.safeParse(parsed);
    if (!res.success) {
      const issue = res.error.issues[0];
      const where = issue.path.length ? ` at ${issue.path.join('.')}` : '';
      ctx.addIssue({ code: 'custom', message: `Invalid value${where}: ${issue.message}` });
    }
  });
}

function pyType(v: unknown): string {
  if (typeof v === 'string') return 'str';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'float';
  if (typeof v === 'boolean') return 'bool';
  return 'dict';
}

export const ZWorkspaceCreate = z.object({
  name: str({ max: 255 }),
  description: str({ max: 10_000 }),
  account: pk(),
});

export const ZWorkspaceUpdate = z.object({
  name: str({ max: 255 }).optional(),
  description: str({ max: 10_000 }).optional(),
  camera: jsonOf(ZCamera, 10_000).optional(),
  workspacePlugins: jsonOf(ZWorkspacePlugins).optional(),
  mobile: bool().optional(),
  editors: z
    .array(pk(), { error: (iss) => (iss.input === null ? 'This field may not be null.' : `Expected a list of items but got type "${pyType(iss.input)}".`) })
    .max(500)
    .optional(),
  version: int({ min: 1 }).optional(),
});

export const ZClone = z.object({ workspace: pk() });

export const ZInviteCreate = z.object({
  workspace: pk(),
  user: str({ max: 254 }),
});

export const ZShareCreate = z.object({
  label: str({ max: 255, blank: true }).optional(),
  expires_at: z
    .union([z.iso.datetime({ offset: true }), z.null()], { error: 'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].' })
    .optional(),
});

export type TAccountCreate = z.infer<typeof ZAccountCreate>;
export type TWorkspaceCreate = z.infer<typeof ZWorkspaceCreate>;
export type TWorkspaceUpdate = z.infer<typeof ZWorkspaceUpdate>;
