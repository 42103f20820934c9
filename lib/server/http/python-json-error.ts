import 'server-only';

/**
 * The message Python's `json` module (CPython 3.8–3.12, as DRF's JSONParser runs it) gives for a
 * malformed document, e.g. `Expecting value: line 1 column 1 (char 0)`, so a 400 reads
 * `{"detail": "JSON parse error - <that message>"}` as the original API's (API.md §2.3). Only called
 * after JSON.parse has failed; it re-scans the text the way json.decoder/json.scanner do.
 */
class Fail {
  constructor(
    readonly msg: string,
    readonly pos: number,
  ) {}
}

const WS = new Set([' ', '\t', '\n', '\r']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/y;
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

export function pythonJsonError(s: string): string {
  const skip = (i: number) => {
    while (i < s.length && WS.has(s[i])) i++;
    return i;
  };

  // json.scanner.scan_once: the end of the value starting at i; "Expecting value" when none does.
  const value = (i: number): number => {
    const c = s[i];
    if (c === '"') return string(i + 1);
    if (c === '{') return object(i + 1);
    if (c === '[') return array(i + 1);
    for (const word of ['null', 'true', 'false', 'NaN', 'Infinity', '-Infinity']) if (s.startsWith(word, i)) return i + word.length;
    NUMBER.lastIndex = i;
    if (i < s.length && NUMBER.test(s)) return NUMBER.lastIndex;
    throw new Fail('Expecting value', i);
  };

  // c_scanstring: `end` is just after the opening quote.
  const string = (end: number): number => {
    const begin = end - 1;
    for (let i = end; ; i++) {
      if (i >= s.length) throw new Fail('Unterminated string starting at', begin);
      const c = s[i];
      if (c === '"') return i + 1;
      if (c < ' ') throw new Fail('Invalid control character at', i);
      if (c !== '\\') continue;
      const esc = s[i + 1];
      if (esc === undefined) throw new Fail('Unterminated string starting at', begin);
      if (esc === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(s.slice(i + 2, i + 6))) throw new Fail('Invalid \\uXXXX escape', i + 1);
        i += 5;
      } else if (ESCAPES.has(esc)) i += 1;
      else throw new Fail('Invalid \\escape', i);
    }
  };

  const object = (start: number): number => {
    let end = skip(start);
    if (s[end] === '}') return end + 1;
    if (s[end] !== '"') throw new Fail('Expecting property name enclosed in double quotes', end);
    for (;;) {
      end = skip(string(end + 1));
      if (s[end] !== ':') throw new Fail("Expecting ':' delimiter", end);
      end = skip(end + 1);
      end = skip(value(end));
      if (s[end] === '}') return end + 1;
      if (s[end] !== ',') throw new Fail("Expecting ',' delimiter", end);
      end = skip(end + 1);
      if (s[end] !== '"') throw new Fail('Expecting property name enclosed in double quotes', end);
    }
  };

  const array = (start: number): number => {
    let end = skip(start);
    if (s[end] === ']') return end + 1;
    for (;;) {
      end = skip(value(end));
      if (s[end] === ']') return end + 1;
      if (s[end] !== ',') throw new Fail("Expecting ',' delimiter", end);
      end = skip(end + 1);
    }
  };

  let fail: Fail;
  try {
    const end = skip(value(skip(0)));
    fail = end === s.length ? new Fail('Expecting value', 0) : new Fail('Extra data', end);
  } catch (err) {
    if (!(err instanceof Fail)) throw err;
    fail = err;
  }
  // json.JSONDecodeError: "%s: line %d column %d (char %d)"
  const line = s.slice(0, fail.pos).split('\n').length;
  const column = fail.pos - (fail.pos === 0 ? -1 : s.lastIndexOf('\n', fail.pos - 1));
  return `${fail.msg}: line ${line} column ${column} (char ${fail.pos})`;
}
