import { activeAccountOf, uploadDataSource } from '@/lib/server/datasources';
import { json, withApi } from '@/lib/server/http/with-api';

// POST /api/datasources/upload – multipart {file, name, account?}: a GeoJSON (checked) or .pmtiles file becomes a data source; account admins
export const POST = withApi({
  bodyKind: 'raw',
  docs: { summary: 'Upload a GeoJSON or PMTiles file as a data source', tags: ['datasources'], status: 201, requestContentType: 'multipart/form-data' },
  handler: async ({ req, auth }) => json(await uploadDataSource(auth.user.id, req, activeAccountOf(req)), 201),
});
