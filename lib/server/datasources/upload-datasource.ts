import 'server-only';
import { createWriteStream } from 'node:fs';
import { open, readFile, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as TWebStream } from 'node:stream/web';
import busboy from 'next/dist/compiled/busboy';
import { str } from '../http/drf';
import { config } from '../config';
import { db } from '../db';
import { ApiError } from '../http/errors';
import { parseJsonText } from '../json-text';
import { warmUploadedTiles } from '../layers/layer-tiles';
import { resolveAdminAccount } from './account-of';
import { summarizeGeojson } from './geojson-summary';
import { getDataSource } from './get-datasource';
import { resolveType } from './validate-settings';
import { keepUpload, removeUploadedFile, tempUploadPath } from './upload-files';

/**
 * Creates a data source from an uploaded file (multipart `file`, `name`,
 * `account?`): GeoJSON is parsed and checked (feature count and bbox stored),
 * a .pmtiles file is stored as-is (vector tiles). The body is streamed to a
 * temp file under UPLOAD_DIR, never held whole in memory; over
 * UPLOAD_MAX_BYTES → 413 (before reading when Content-Length says so). Any
 * failure leaves no row and no file behind. Checks account admin rights.
 */
const PMTILES_MAGIC = 'PMTiles';

function tooBig(max: number) {
  return new ApiError(413, { file: [`The file is too large: the limit is ${Math.round(max / 1024 / 1024)} MB.`] });
}

type TParsed = { fields: Record<string, string>; tmp: string | null; filename: string; truncated: boolean; size: number };

async function streamToTemp(req: Request, max: number): Promise<TParsed> {
  const contentType = req.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    throw ApiError.detail(415, `Unsupported media type "${contentType.split(';')[0].trim() || 'none'}" in request.`);
  }
  if (!req.body) throw ApiError.field('file', 'No file was submitted.');
  const out: TParsed = { fields: {}, tmp: null, filename: '', truncated: false, size: 0 };
  const bb = busboy({ headers: { 'content-type': contentType }, limits: { fileSize: max, files: 1, fields: 10, fieldSize: 10_000 } });
  const writes: Promise<void>[] = [];
  let seen = false;
  bb.on('field', (name, value) => {
    out.fields[name] = value;
  });
  bb.on('file', (name, stream, info) => {
    if (name !== 'file' || seen) {
      stream.resume();
      return;
    }
    seen = true;
    out.filename = info.filename ?? '';
    stream.on('limit', () => {
      out.truncated = true;
    });
    stream.on('data', (chunk: Buffer) => {
      out.size += chunk.length;
    });
    stream.pause();
    writes.push(
      (async () => {
        const tmp = await tempUploadPath();
        out.tmp = tmp;
        await pipeline(stream, createWriteStream(tmp));
      })(),
    );
  });
  try {
    await pipeline(Readable.fromWeb(req.body as unknown as TWebStream<Uint8Array>), bb);
    await Promise.all(writes);
  } catch (err) {
    if (out.tmp) await rm(out.tmp, { force: true });
    if (err instanceof ApiError) throw err;
    throw ApiError.field('file', 'The upload could not be read.');
  }
  return out;
}

async function readMagic(tmp: string): Promise<string> {
  const fh = await open(tmp, 'r');
  try {
    const buf = Buffer.alloc(7);
    await fh.read(buf, 0, 7, 0);
    return buf.toString('latin1');
  } finally {
    await fh.close();
  }
}

export async function uploadDataSource(userId: number, req: Request, activeAccountId: number | null) {
  const max = config().UPLOAD_MAX_BYTES;
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max + 64 * 1024) throw tooBig(max);
  const parsed = await streamToTemp(req, max);
  let kept: string | null = null;
  try {
    if (parsed.truncated) throw tooBig(max);
    if (!parsed.tmp) throw ApiError.field('file', 'No file was submitted.');
    if (parsed.size === 0) throw ApiError.field('file', 'The submitted file is empty.');
    const nameRes = str({ max: 255 }).safeParse(parsed.fields.name);
    if (!nameRes.success) throw ApiError.field('name', nameRes.error.issues[0].message);
    const accountRaw = parsed.fields.account;
    if (accountRaw !== undefined && accountRaw !== '' && !/^\d{1,10}$/.test(accountRaw)) throw ApiError.field('account', 'Incorrect type. Expected pk value, received str.');
    const accountId = accountRaw ? Number(accountRaw) : undefined;

    const isPmtiles = /\.pmtiles$/i.test(parsed.filename) || (await readMagic(parsed.tmp)) === PMTILES_MAGIC;
    let summary: { featureCount: number | null; bbox: number[] } = { featureCount: null, bbox: [] };
    let geojson: { value: unknown; bytes: number } | null = null;
    if (isPmtiles) {
      if ((await readMagic(parsed.tmp)) !== PMTILES_MAGIC) throw ApiError.field('file', 'The file is not a PMTiles archive.');
    } else {
      // Validation needs the parsed document; the body itself was streamed to disk.
      let value: unknown;
      try {
        value = parseJsonText(await readFile(/*turbopackIgnore: true*/ parsed.tmp, 'utf8'));
      } catch {
        throw ApiError.field('file', 'The file is not valid JSON.');
      }
      const s = summarizeGeojson(value);
      if (!s.ok) throw ApiError.field('file', s.error);
      summary = { featureCount: s.featureCount, bbox: s.bbox ?? [] };
      geojson = { value, bytes: parsed.size };
    }
    kept = await keepUpload(parsed.tmp, isPmtiles ? 'pmtiles' : 'geojson');
    const filePath = kept;
    const id = await db().$transaction(async (tx) => {
      const account = await resolveAdminAccount(userId, accountId, activeAccountId, tx);
      const type = await resolveType(tx, isPmtiles ? 'vectortiles' : 'geojson');
      const row = await tx.dataSource.create({
        data: {
          accountId: account,
          name: nameRes.data,
          typeId: type.id,
          settings: {},
          filePath,
          fileSize: parsed.size,
          featureCount: summary.featureCount,
          bbox: summary.bbox,
          createdById: userId,
        },
        select: { id: true },
      });
      return row.id;
    });
    kept = null;
    if (geojson) warmUploadedTiles(filePath, geojson.value, geojson.bytes);
    return await getDataSource(userId, id);
  } finally {
    if (parsed.tmp) await rm(parsed.tmp, { force: true });
    if (kept) await removeUploadedFile(kept);
  }
}
