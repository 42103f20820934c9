'use client';
/**
 * A small PMTiles v3 reader registered as MapLibre's `pmtiles://` protocol
 * (the `pmtiles` package is not installed): HTTP range requests for the
 * header, directories (gzip via DecompressionStream) and tiles. A source
 * `url: pmtiles://<encoded archive URL>` answers a TileJSON with the archive's
 * zoom range, so MapLibre overzooms like with any other vector source.
 */
type THeader = {
  rootOffset: number;
  rootLength: number;
  metadataOffset: number;
  metadataLength: number;
  leafOffset: number;
  dataOffset: number;
  internalCompression: number;
  tileCompression: number;
  tileType: number;
  minZoom: number;
  maxZoom: number;
  bounds: [number, number, number, number];
};
type TEntry = { tileId: number; offset: number; length: number; runLength: number };

export const PMTILES_PROTOCOL = 'pmtiles';

/** The source URL MapLibre gets for a .pmtiles archive. */
export function pmtilesSourceUrl(archiveUrl: string) {
  return `${PMTILES_PROTOCOL}://${encodeURIComponent(archiveUrl)}`;
}

/** PMTiles tile id: tiles of lower zooms first, then the Hilbert index at zoom z. */
export function zxyToTileId(z: number, x: number, y: number): number {
  const n = 2 ** z;
  let d = 0;
  let tx = x;
  let ty = y;
  for (let s = n / 2; s >= 1; s /= 2) {
    const rx = (tx & s) > 0 ? 1 : 0;
    const ry = (ty & s) > 0 ? 1 : 0;
    d += s * s * ((3 * rx) ^ ry);
    if (ry === 0) {
      if (rx === 1) {
        tx = n - 1 - tx;
        ty = n - 1 - ty;
      }
      [tx, ty] = [ty, tx];
    }
  }
  return (4 ** z - 1) / 3 + d;
}

function u64(view: DataView, at: number) {
  return view.getUint32(at + 4, true) * 2 ** 32 + view.getUint32(at, true);
}

export function parseHeader(buf: ArrayBuffer): THeader {
  const v = new DataView(buf);
  const magic = new TextDecoder().decode(new Uint8Array(buf, 0, 7));
  if (magic !== 'PMTiles' || v.getUint8(7) !== 3) throw new Error('Not a PMTiles v3 archive');
  const e7 = (at: number) => v.getInt32(at, true) / 1e7;
  return {
    rootOffset: u64(v, 8),
    rootLength: u64(v, 16),
    metadataOffset: u64(v, 24),
    metadataLength: u64(v, 32),
    leafOffset: u64(v, 40),
    dataOffset: u64(v, 56),
    internalCompression: v.getUint8(97),
    tileCompression: v.getUint8(98),
    tileType: v.getUint8(99),
    minZoom: v.getUint8(100),
    maxZoom: v.getUint8(101),
    bounds: [e7(102), e7(106), e7(110), e7(114)],
  };
}

function readVarint(bytes: Uint8Array, pos: { i: number }): number {
  let result = 0;
  let shift = 1;
  for (;;) {
    const b = bytes[pos.i++];
    result += (b & 0x7f) * shift;
    if (b < 0x80) return result;
    shift *= 128;
  }
}

export function parseDirectory(bytes: Uint8Array): TEntry[] {
  const pos = { i: 0 };
  const n = readVarint(bytes, pos);
  const entries: TEntry[] = Array.from({ length: n }, () => ({ tileId: 0, offset: 0, length: 0, runLength: 0 }));
  let last = 0;
  for (const e of entries) e.tileId = last += readVarint(bytes, pos);
  for (const e of entries) e.runLength = readVarint(bytes, pos);
  for (const e of entries) e.length = readVarint(bytes, pos);
  entries.forEach((e, k) => {
    const v = readVarint(bytes, pos);
    e.offset = v === 0 && k > 0 ? entries[k - 1].offset + entries[k - 1].length : v - 1;
  });
  return entries;
}

function findEntry(entries: TEntry[], tileId: number): TEntry | null {
  let lo = 0;
  let hi = entries.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (entries[mid].tileId < tileId) lo = mid + 1;
    else if (entries[mid].tileId > tileId) hi = mid - 1;
    else return entries[mid];
  }
  const e = hi >= 0 ? entries[hi] : null;
  if (!e) return null;
  if (e.runLength === 0) return e; // a leaf directory covering the id
  return tileId - e.tileId < e.runLength ? e : null;
}

async function decompress(bytes: ArrayBuffer, compression: number): Promise<ArrayBuffer> {
  if (compression === 0 || compression === 1) return bytes;
  if (compression !== 2) throw new Error('Only gzip-compressed PMTiles are supported in this view');
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).arrayBuffer();
}

class Archive {
  private header: Promise<THeader> | null = null;
  private dirs = new Map<string, Promise<TEntry[]>>();
  constructor(private readonly url: string) {}

  private async range(offset: number, length: number, signal?: AbortSignal): Promise<ArrayBuffer> {
    const res = await fetch(this.url, { headers: { Range: `bytes=${offset}-${offset + length - 1}` }, signal, credentials: 'omit' });
    if (!res.ok) throw Object.assign(new Error(`PMTiles request failed (${res.status})`), { status: res.status });
    const buf = await res.arrayBuffer();
    return res.status === 206 ? buf : buf.slice(offset, offset + length);
  }

  getHeader(): Promise<THeader> {
    this.header ??= this.range(0, 127).then(parseHeader);
    this.header.catch(() => (this.header = null));
    return this.header;
  }

  private directory(offset: number, length: number, compression: number): Promise<TEntry[]> {
    const key = `${offset}:${length}`;
    if (!this.dirs.has(key)) this.dirs.set(key, this.range(offset, length).then((b) => decompress(b, compression)).then((b) => parseDirectory(new Uint8Array(b))));
    return this.dirs.get(key)!;
  }

  async metadata(): Promise<Record<string, unknown>> {
    const h = await this.getHeader();
    if (!h.metadataLength) return {};
    const raw = await decompress(await this.range(h.metadataOffset, h.metadataLength), h.internalCompression);
    return JSON.parse(new TextDecoder().decode(raw)) as Record<string, unknown>;
  }

  async tile(z: number, x: number, y: number, signal?: AbortSignal): Promise<ArrayBuffer | null> {
    const h = await this.getHeader();
    const id = zxyToTileId(z, x, y);
    let dirOffset = h.rootOffset;
    let dirLength = h.rootLength;
    for (let depth = 0; depth < 4; depth++) {
      const entry = findEntry(await this.directory(dirOffset, dirLength, h.internalCompression), id);
      if (!entry) return null;
      if (entry.runLength > 0) return decompress(await this.range(h.dataOffset + entry.offset, entry.length, signal), h.tileCompression);
      dirOffset = h.leafOffset + entry.offset;
      dirLength = entry.length;
    }
    return null;
  }
}

const archives = new Map<string, Archive>();
const archiveOf = (url: string) => {
  if (!archives.has(url)) archives.set(url, new Archive(url));
  return archives.get(url)!;
};

/** The protocol handler for maplibregl.addProtocol(PMTILES_PROTOCOL, …). */
export async function pmtilesProtocol(params: { url: string; type?: string }, abort: AbortController): Promise<{ data: unknown }> {
  const rest = params.url.slice(`${PMTILES_PROTOCOL}://`.length);
  const m = /^(.*)\/(\d+)\/(\d+)\/(\d+)$/.exec(rest);
  if (!m) {
    const url = decodeURIComponent(rest);
    const archive = archiveOf(url);
    const [h, meta] = await Promise.all([archive.getHeader(), archive.metadata().catch(() => ({}) as Record<string, unknown>)]);
    return {
      data: {
        tilejson: '3.0.0',
        tiles: [`${PMTILES_PROTOCOL}://${rest}/{z}/{x}/{y}`],
        minzoom: h.minZoom,
        maxzoom: h.maxZoom,
        bounds: h.bounds,
        vector_layers: Array.isArray(meta.vector_layers) ? meta.vector_layers : [],
        attribution: typeof meta.attribution === 'string' ? meta.attribution : undefined,
      },
    };
  }
  const data = await archiveOf(decodeURIComponent(m[1])).tile(Number(m[2]), Number(m[3]), Number(m[4]), abort.signal);
  return { data: data ?? new ArrayBuffer(0) };
}
