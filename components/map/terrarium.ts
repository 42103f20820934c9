/**
 * Elevation sampling for the profile plugin from raster-DEM tiles in
 * Terrarium (height = R·256 + G + B/256 − 32768) or Mapbox Terrain-RGB
 * (height = −10000 + (R·65536 + G·256 + B)·0.1) encoding, given as a
 * {z}/{x}/{y} URL template. Pure helpers plus one fetching sampler.
 */
export type TProfilePoint = { distance: number; lng: number; lat: number; height: number | null };

export function decodeHeight(r: number, g: number, b: number, encoding: 'terrarium' | 'mapbox'): number {
  return encoding === 'mapbox' ? -10000 + (r * 65536 + g * 256 + b) * 0.1 : r * 256 + g + b / 256 - 32768;
}

export function haversine(a: [number, number], b: [number, number]): number {
  const R = 6371008.8;
  const rad = Math.PI / 180;
  const dLat = (b[1] - a[1]) * rad;
  const dLng = (b[0] - a[0]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** `count` evenly spaced points along a polyline with their distance from the start (metres). */
export function samplePoints(line: [number, number][], count: number): { distance: number; lng: number; lat: number }[] {
  if (line.length < 2) return [];
  const seg = line.slice(1).map((p, i) => haversine(line[i], p));
  const total = seg.reduce((a, b) => a + b, 0);
  const out: { distance: number; lng: number; lat: number }[] = [];
  for (let i = 0; i < count; i++) {
    const d = (total * i) / (count - 1);
    let acc = 0;
    let k = 0;
    while (k < seg.length - 1 && acc + seg[k] < d) acc += seg[k++];
    const f = seg[k] > 0 ? Math.min(1, (d - acc) / seg[k]) : 0;
    const [a, b] = [line[k], line[k + 1]];
    out.push({ distance: d, lng: a[0] + (b[0] - a[0]) * f, lat: a[1] + (b[1] - a[1]) * f });
  }
  return out;
}

/** Tile and pixel of a lon/lat at zoom z (256-px Web Mercator tiles). */
export function tilePixel(lng: number, lat: number, z: number, size = 256) {
  const n = 2 ** z;
  const x = ((lng + 180) / 360) * n;
  const rad = (lat * Math.PI) / 180;
  const y = ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n;
  const tx = Math.floor(x);
  const ty = Math.floor(y);
  return { tx, ty, px: Math.min(size - 1, Math.floor((x - tx) * size)), py: Math.min(size - 1, Math.floor((y - ty) * size)) };
}

export function isTileTemplate(url: string) {
  return /\{z\}/.test(url) && /\{x\}/.test(url) && /\{y\}/.test(url);
}

async function loadTile(url: string): Promise<ImageData> {
  const res = await fetch(url, { mode: 'cors', credentials: 'omit' });
  if (!res.ok) throw new Error(`Elevation tile failed (${res.status})`);
  const bmp = await createImageBitmap(await res.blob());
  const canvas = document.createElement('canvas');
  canvas.width = bmp.width;
  canvas.height = bmp.height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('Canvas unavailable');
  ctx.drawImage(bmp, 0, 0);
  return ctx.getImageData(0, 0, bmp.width, bmp.height);
}

/** Heights along the line from the DEM tile template (tiles fetched once each). */
export async function sampleProfile(line: [number, number][], source: { url: string; encoding?: 'terrarium' | 'mapbox'; zoom?: number }, count = 100): Promise<TProfilePoint[]> {
  const z = Math.max(0, Math.min(15, Math.round(source.zoom ?? 12)));
  const tiles = new Map<string, Promise<ImageData | null>>();
  const pts = samplePoints(line, count);
  return Promise.all(
    pts.map(async (p) => {
      const { tx, ty, px, py } = tilePixel(p.lng, p.lat, z);
      const url = source.url.replace('{z}', String(z)).replace('{x}', String(tx)).replace('{y}', String(ty));
      if (!tiles.has(url)) tiles.set(url, loadTile(url).catch(() => null));
      const img = await tiles.get(url);
      if (!img) return { ...p, height: null };
      const sx = Math.floor((px * img.width) / 256);
      const sy = Math.floor((py * img.height) / 256);
      const i = (sy * img.width + sx) * 4;
      return { ...p, height: Math.round(decodeHeight(img.data[i], img.data[i + 1], img.data[i + 2], source.encoding ?? 'terrarium') * 100) / 100 };
    }),
  );
}

export function profileCsv(series: { title: string; points: TProfilePoint[] }[]): string {
  const lines = ['profile,distance_m,lon,lat,height_m'];
  for (const s of series) {
    for (const p of s.points) lines.push([JSON.stringify(s.title), p.distance.toFixed(1), p.lng.toFixed(6), p.lat.toFixed(6), p.height === null ? '' : p.height.toFixed(2)].join(','));
  }
  return `${lines.join('\n')}\n`;
}
