import 'server-only';
import { z } from 'zod';
import { ROUTES } from './route-manifest.generated';
import type { TRouteHandler } from './with-api';

/**
 * The OpenAPI 3.1 document of every endpoint, generated from the route
 * manifest and the zod schemas each route registers with withApi — never
 * written by hand, so it cannot drift from the code.
 */
type TJson = Record<string, unknown>;

function schemaOf(s: z.ZodType | undefined): TJson | undefined {
  if (!s) return undefined;
  try {
    return z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as TJson;
  } catch {
    return {};
  }
}

const ERROR_RESPONSES: TJson = {
  '400': { description: 'Validation error: `{"field": ["message"]}`' },
  '401': { description: '`{"detail": "Authentication credentials were not provided."}`' },
  '403': { description: '`{"detail": "You do not have permission to perform this action."}`' },
  '404': { description: '`{"detail": "Not found."}`' },
  '429': { description: '`{"detail": "Request was throttled. Expected available in N seconds."}`' },
};

export async function buildOpenApi(origin: string): Promise<TJson> {
  const paths: Record<string, TJson> = {};
  for (const route of ROUTES) {
    const mod = await route.load();
    for (const method of route.methods) {
      const handler = mod[method] as TRouteHandler | undefined;
      const meta = handler?.apiMeta;
      if (!meta) continue;
      const params = [...route.path.matchAll(/\{(\w+)\*?\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
      const querySchema = schemaOf(meta.query) as { properties?: Record<string, TJson>; required?: string[] } | undefined;
      const queryParams = Object.entries(querySchema?.properties ?? {}).map(([name, schema]) => ({
        name,
        in: 'query',
        required: querySchema?.required?.includes(name) ?? false,
        schema,
      }));
      const status = String(meta.docs.status ?? 200);
      const op: TJson = {
        summary: meta.docs.summary,
        tags: meta.docs.tags ?? [],
        operationId: `${method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+/g, '_')}`,
        parameters: [...params, ...queryParams],
        responses: {
          [status]: status === '204' ? { description: 'No content' } : { description: 'Success', content: { 'application/json': { schema: schemaOf(meta.docs.response) ?? {} } } },
          ...ERROR_RESPONSES,
        },
        security: meta.auth === 'required' ? [{ tokenAuth: [] }, { sessionCookie: [] }] : [{}, { tokenAuth: [] }, { sessionCookie: [] }],
      };
      if (meta.body) {
        op.requestBody = {
          required: true,
          content: { [meta.docs.requestContentType ?? 'application/json']: { schema: schemaOf(meta.body) } },
        };
      }
      for (const p of [route.path, `${route.path}/`]) {
        paths[p] ??= {};
        paths[p][method.toLowerCase()] = op;
      }
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Mapspace API', version: '1.0.0', description: 'Wire-compatible with the original Django REST back end. Every path answers with and without the trailing slash.' },
    servers: [{ url: origin }],
    paths,
    components: {
      securitySchemes: {
        tokenAuth: { type: 'apiKey', in: 'header', name: 'Authorization', description: '`Token <40 hex>` from POST /auth/login/' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'mapspace.session' },
      },
    },
  };
}
