import { z } from 'zod';
import { bool, int, jsonText, pk, str } from '@/lib/server/http/drf';

/**
 * Layer write bodies (routes and the layers page). `template` is JSON text of
 * an object; its optional style keys must have the right shape.
 */
const STYLE_OBJECT_KEYS = ['paint', 'layout', 'style', 'legend'];

export const zTemplate = () =>
  jsonText().refine((v) => {
    let t: Record<string, unknown>;
    try {
      t = JSON.parse(v || '{}') as Record<string, unknown>;
    } catch {
      return true; // reported by jsonText
    }
    if (typeof t !== 'object' || t === null || Array.isArray(t)) return true;
    for (const k of STYLE_OBJECT_KEYS) if (k in t && (typeof t[k] !== 'object' || t[k] === null || Array.isArray(t[k]))) return false;
    if ('opacity' in t && (typeof t.opacity !== 'number' || t.opacity < 0 || t.opacity > 1)) return false;
    if ('color' in t && typeof t.color !== 'string') return false;
    return true;
  }, 'Invalid style: paint, layout, style and legend must be objects, opacity a number from 0 to 1, color a string.');

const opacity = () =>
  z
    .number({ error: (iss) => (iss.input === undefined ? 'This field is required.' : 'A valid number is required.') })
    .min(0, 'Ensure this value is greater than or equal to 0.')
    .max(1, 'Ensure this value is less than or equal to 1.');

const fields = {
  name: str({ max: 255 }),
  parent: pk().nullable().optional(),
  isGroup: bool().optional(),
  data_source: pk().nullable().optional(),
  visible: bool().optional(),
  template: zTemplate().optional(),
  opacity: opacity().optional(),
  user_groups: z.array(pk(), { error: 'Expected a list of items but got type "str".' }).optional(),
};

export const ZLayerCreate = z.object({ workspace: pk(), ...fields });
export const ZLayerPatch = z.object({ ...fields, name: fields.name.optional(), version: int({ min: 1 }).optional() });
export const ZLayerReorder = z.object({
  workspace: pk(),
  order: z.array(z.object({ id: pk(), parent: pk().nullable().optional(), position: int({ min: 0, max: 1_000_000 }) }), { error: 'This field is required.' }).max(5000),
});

export type TLayerCreate = z.output<typeof ZLayerCreate>;
export type TLayerPatch = z.output<typeof ZLayerPatch>;
export type TLayerReorder = z.output<typeof ZLayerReorder>;
