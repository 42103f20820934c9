import 'server-only';

/**
 * JSON.parse of text that may start with a UTF-8 byte order mark (files saved by
 * Windows tools, some GIS servers): JSON itself forbids it, so it is dropped first.
 * Throws like JSON.parse; callers turn that into their own field error.
 */
export function parseJsonText(text: string): unknown {
  return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
}
