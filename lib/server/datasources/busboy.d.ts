declare module 'next/dist/compiled/busboy' {
  import type { Readable, Writable } from 'node:stream';
  type TFileInfo = { filename: string; encoding: string; mimeType: string };
  interface TBusboy extends Writable {
    on(event: 'file', cb: (name: string, stream: Readable & { truncated?: boolean }, info: TFileInfo) => void): this;
    on(event: 'field', cb: (name: string, value: string) => void): this;
    on(event: 'close' | 'finish', cb: () => void): this;
    on(event: 'error', cb: (err: Error) => void): this;
    on(event: 'filesLimit' | 'fieldsLimit' | 'partsLimit', cb: () => void): this;
  }
  function busboy(opts: { headers: Record<string, string>; limits?: { fileSize?: number; files?: number; fields?: number; fieldSize?: number; parts?: number } }): TBusboy;
  export = busboy;
}
