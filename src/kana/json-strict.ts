// Request bodies as VNDB's JSON parser reads them (FU `json_parse`, reference §1.5). It is
// stricter than JSON.parse, which silently keeps the last of duplicate keys and accepts
// escaped control characters; the service refuses both, so a faithful emulator and a client
// that wants to predict its answers need this small parser instead.

/** Deepest nesting of arrays/objects the service accepts (FU json_parse's default max_depth). */
export const MAX_JSON_DEPTH = 512;

export type StrictJson = { ok: true; value: unknown } | { ok: false; reason: string };

/**
 * The Content-Type a POST/PATCH body must carry: application/json, optionally with a UTF-8
 * charset, in any letter case (FU's check, reference §1.5).
 */
const JSON_CONTENT_TYPE = /^application\/json(;\s*charset=utf-?8)?$/i;

export function isJsonContentType(contentType: string | undefined): boolean {
  return contentType !== undefined && JSON_CONTENT_TYPE.test(contentType);
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Decodes a request body, or returns null for invalid UTF-8 (which the service refuses). */
export function decodeUtf8Strict(bytes: Uint8Array): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

class ParseFailure extends Error {}

/** ASCII DEL, refused in strings like the C0 controls (FU::Util json_parse). */
const DEL = 0x7f;

/**
 * Parses one JSON text the way the service does: RFC 8259 grammar, whitespace only
 * space/tab/LF/CR, no duplicate object keys, no raw control characters in strings, no
 * escaped ones either except \t, \n, \r (and their \u0009/\u000a/\u000d forms; \b and
 * \f are refused), no DEL raw or escaped, no unpaired surrogate escapes, nesting at most
 * MAX_JSON_DEPTH. Numbers become JavaScript numbers (the service turns integers beyond
 * 64 bits into floats; beyond 2^53 JavaScript already has).
 */
export function parseStrictJson(text: string): StrictJson {
  let pos = 0;

  const fail = (what: string): never => {
    throw new ParseFailure(`${what} at offset ${pos}`);
  };

  const skipWs = (): void => {
    for (;;) {
      const c = text.charCodeAt(pos);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) pos++;
      else return;
    }
  };

  const value = (depth: number): unknown => {
    skipWs();
    const c = text[pos];
    if (c === "{") return object(depth + 1);
    if (c === "[") return array(depth + 1);
    if (c === '"') return string();
    if (c === "-" || (c >= "0" && c <= "9")) return number();
    if (text.startsWith("true", pos)) return literal("true", true);
    if (text.startsWith("false", pos)) return literal("false", false);
    if (text.startsWith("null", pos)) return literal("null", null);
    return fail(c === undefined ? "unexpected end of input" : "unexpected character");
  };

  const literal = <T>(word: string, result: T): T => {
    pos += word.length;
    return result;
  };

  const object = (depth: number): Record<string, unknown> => {
    if (depth > MAX_JSON_DEPTH) fail("nesting too deep");
    pos++; // {
    const out: Record<string, unknown> = {};
    const seen = new Set<string>();
    skipWs();
    if (text[pos] === "}") {
      pos++;
      return out;
    }
    for (;;) {
      skipWs();
      if (text[pos] !== '"') fail("expected a string key");
      const key = string();
      if (seen.has(key)) fail("duplicate key");
      seen.add(key);
      skipWs();
      if (text[pos] !== ":") fail("expected ':'");
      pos++;
      const v = value(depth);
      // defineProperty, so that a "__proto__" key is data, not a prototype change.
      Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
      skipWs();
      if (text[pos] === ",") {
        pos++;
        continue;
      }
      if (text[pos] === "}") {
        pos++;
        return out;
      }
      fail("expected ',' or '}'");
    }
  };

  const array = (depth: number): unknown[] => {
    if (depth > MAX_JSON_DEPTH) fail("nesting too deep");
    pos++; // [
    const out: unknown[] = [];
    skipWs();
    if (text[pos] === "]") {
      pos++;
      return out;
    }
    for (;;) {
      out.push(value(depth));
      skipWs();
      if (text[pos] === ",") {
        pos++;
        continue;
      }
      if (text[pos] === "]") {
        pos++;
        return out;
      }
      fail("expected ',' or ']'");
    }
  };

  const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
  const number = (): number => {
    NUMBER.lastIndex = pos;
    const m = NUMBER.exec(text);
    if (m === null) return fail("invalid number");
    pos += m[0].length;
    return Number(m[0]);
  };

  const allowedControl = (code: number): boolean => code === 0x09 || code === 0x0a || code === 0x0d;
  /**
   * The characters FU refuses inside strings unless `allow_control` is set: ASCII controls
   * except tab/LF/CR, and DEL (FU::Util docs: "such as \u0000, \b, \u007f"; the same set
   * as its utf8_decode check).
   */
  const refusedControl = (code: number): boolean => (code < 0x20 && !allowedControl(code)) || code === DEL;

  const hex4 = (): number => {
    const digits = text.slice(pos, pos + 4);
    if (!/^[0-9a-fA-F]{4}$/.test(digits)) fail("invalid \\u escape");
    pos += 4;
    return parseInt(digits, 16);
  };

  const string = (): string => {
    pos++; // opening quote
    let out = "";
    let start = pos;
    for (;;) {
      if (pos >= text.length) fail("unterminated string");
      const code = text.charCodeAt(pos);
      if (code === 0x22) {
        out += text.slice(start, pos);
        pos++;
        return out;
      }
      // Raw control characters are refused outright, tab included (RFC 8259; vector
      // filter_invalid-0643: a raw tab inside a JSON filter string is "Invalid JSON").
      if (code < 0x20 || code === DEL) fail("control character in string");
      if (code !== 0x5c) {
        pos++;
        continue;
      }
      out += text.slice(start, pos);
      pos++; // backslash
      const e = text[pos++];
      switch (e) {
        case '"':
          out += '"';
          break;
        case "\\":
          out += "\\";
          break;
        case "/":
          out += "/";
          break;
        case "n":
          out += "\n";
          break;
        case "r":
          out += "\r";
          break;
        case "t":
          out += "\t";
          break;
        case "u": {
          const unit = hex4();
          if (refusedControl(unit)) fail("escaped control character");
          if (unit >= 0xd800 && unit <= 0xdbff) {
            if (text[pos] !== "\\" || text[pos + 1] !== "u") fail("unpaired surrogate");
            pos += 2;
            const low = hex4();
            if (low < 0xdc00 || low > 0xdfff) fail("unpaired surrogate");
            out += String.fromCharCode(unit, low);
          } else if (unit >= 0xdc00 && unit <= 0xdfff) {
            fail("unpaired surrogate");
          } else {
            out += String.fromCharCode(unit);
          }
          break;
        }
        default:
          // \b and \f are control characters; anything else is no escape at all.
          fail("invalid escape");
      }
      start = pos;
    }
  };

  try {
    const result = value(0);
    skipWs();
    if (pos !== text.length) fail("trailing characters");
    return { ok: true, value: result };
  } catch (err) {
    if (err instanceof ParseFailure) return { ok: false, reason: err.message };
    throw err;
  }
}
