import 'server-only';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { ApiError } from '../http/errors';
import { resolveUpload } from '../datasources/upload-files';
import { findVisibleLayer } from './find-layer';

/**
 * Streams the uploaded file of a layer's data source to a caller who may see
 * the layer (member, or `token` of a share link; restricted layers are 404
 * for non-members). Supports one byte range (PMTiles readers need it).
 */
export async function layerDataResponse(opts: { userId: number | null; layerId: number; shareToken?: string | null; range?: string | null }): Promise<Response> {
  const { dataSource } = await findVisibleLayer(opts);
  const abs = dataSource?.filePath ? resolveUpload(dataSource.filePath) : null;
  if (!abs) throw ApiError.notFound();
  const size = (await stat(abs).catch(() => null))?.size;
  if (size === undefined) throw ApiError.notFound();
  const type = abs.endsWith('.pmtiles') ? 'application/vnd.pmtiles' : 'application/geo+json';
  const headers: Record<string, string> = { 'Content-Type': type, 'Accept-Ranges': 'bytes', 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' };
  const m = opts.range?.match(/^bytes=(\d*)-(\d*)$/);
  if (m && (m[1] || m[2])) {
    let start = m[1] ? Number(m[1]) : Math.max(0, size - Number(m[2]));
    let end = m[1] && m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
    if (!m[1]) end = size - 1;
    if (start >= size || start > end) return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${size}` } });
    start = Math.max(0, start);
    end = Math.max(start, end);
    const body = Readable.toWeb(createReadStream(abs, { start, end })) as ReadableStream;
    return new Response(body, { status: 206, headers: { ...headers, 'Content-Range': `bytes ${start}-${end}/${size}`, 'Content-Length': String(end - start + 1) } });
  }
  const body = Readable.toWeb(createReadStream(abs)) as ReadableStream;
  return new Response(body, { status: 200, headers: { ...headers, 'Content-Length': String(size) } });
}
