import { z } from 'zod';
import { activeAccountOf, uploadDataSource } from '@/lib/server/datasources';
import { json, withApi } from '@/lib/server/http/with-api';

/** The multipart fields, for the OpenAPI document only (the service streams and checks them itself). */
const ZUploadForm = z.object({
  file: z.string().meta({ format: 'binary', description: 'GeoJSON (.geojson/.json) or PMTiles (.pmtiles), at most UPLOAD_MAX_BYTES' }),
  name: z.string().max(255),
  account: z.string().optional(),
});

// POST /api/datasources/upload – multipart {file, name, account?}: a GeoJSON (checked) or .pmtiles file becomes a data source; account admins
export const POST = withApi({
  bodyKind: 'raw',
  rateLimit: () => ({ name: 'datasource_upload', points: 60, duration: 60 }),
  body: ZUploadForm,
  docs: { summary: 'Upload a GeoJSON or PMTiles file as a data source', tags: ['datasources'], status: 201, requestContentType: 'multipart/form-data' },
  handler: async ({ req, auth }) => json(await uploadDataSource(auth.user.id, req, activeAccountOf(req)), 201),
});
