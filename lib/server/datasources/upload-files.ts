import 'server-only';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { config } from '../config';
import { randomHex } from '../crypto';

/**
 * Where uploaded data source files live: UPLOAD_DIR/datasources/<random>.<ext>.
 * The database keeps the path relative to UPLOAD_DIR; every resolve checks the
 * result stays inside that folder.
 */
export function uploadRoot() {
  return path.resolve(config().UPLOAD_DIR);
}

export async function tempUploadPath(): Promise<string> {
  const dir = path.join(uploadRoot(), 'tmp');
  await mkdir(dir, { recursive: true });
  return path.join(dir, `${randomHex(16)}.part`);
}

/** Moves a validated temp file to its final place and returns the stored relative path. */
export async function keepUpload(tmp: string, ext: 'geojson' | 'pmtiles'): Promise<string> {
  const rel = path.join('datasources', `${randomHex(16)}.${ext}`);
  await mkdir(path.join(uploadRoot(), 'datasources'), { recursive: true });
  await rename(tmp, path.join(uploadRoot(), rel));
  return rel;
}

/** Absolute path of a stored relative path, or null when it would leave the upload folder. */
export function resolveUpload(rel: string): string | null {
  const root = uploadRoot();
  const abs = path.resolve(root, rel);
  return abs.startsWith(root + path.sep) ? abs : null;
}

export async function removeUploadedFile(rel: string) {
  const abs = resolveUpload(rel);
  if (abs) await rm(abs, { force: true });
}

/** Removes several stored files; a file already gone is fine. */
export async function removeUploadedFiles(rels: string[]) {
  await Promise.all(rels.map((rel) => removeUploadedFile(rel).catch(() => undefined)));
}

export async function fileSize(abs: string): Promise<number | null> {
  try {
    return (await stat(abs)).size;
  } catch {
    return null;
  }
}
