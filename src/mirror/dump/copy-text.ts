/**
 * PostgreSQL COPY text format (the dump's db/<table> files), parsed as bytes arrive: rows end
 * at "\n", columns split at tabs, `\N` alone is null, and backslash escapes are decoded as
 * COPY FROM does (src/backend/commands/copyfromparse.c CopyReadAttributesText): \b \f \n \r
 * \t \v, \NNN octal and \xHH hex bytes, and a backslash before any other character stands for
 * that character. Line and tab bytes never occur inside UTF-8 sequences, so splitting bytes
 * first and decoding whole runs of lines at once is exact (as latin1, then UTF-8 for the lines
 * that hold non-ASCII bytes); only fields holding a backslash are rescanned.
 */
import { MirrorInputError } from "../errors.js";

/** Longest row accepted; VNDB's longest (a description) is well under 100 KB. */
export const MAX_COPY_LINE_BYTES = 64 * 1024 * 1024;

const NL = 10;
/** A byte of a multi-byte UTF-8 sequence, seen through latin1. */
const NON_ASCII = /[\u0080-\u00ff]/;

function isOctal(c: number): boolean {
  return c >= 48 && c <= 55;
}
function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

/** Decodes one field's escapes (the field holds at least one backslash). */
export function copyUnescape(s: string): string {
  let out = "";
  let bytes: number[] | null = null;
  const flushBytes = (): void => {
    if (bytes) {
      out += Buffer.from(bytes).toString("utf8");
      bytes = null;
    }
  };
  let from = 0;
  for (let i = s.indexOf("\\"); i >= 0 && i < s.length; i = s.indexOf("\\", from)) {
    if (i > from) {
      flushBytes();
      out += s.slice(from, i);
    }
    if (i + 1 >= s.length) {
      // A lone trailing backslash: COPY FROM keeps it.
      flushBytes();
      out += "\\";
      from = s.length;
      break;
    }
    const c = s.charCodeAt(i + 1);
    let next = i + 2;
    let ch: string | undefined;
    let byte = -1;
    if (isOctal(c)) {
      byte = c - 48;
      if (next < s.length && isOctal(s.charCodeAt(next))) {
        byte = byte * 8 + s.charCodeAt(next++) - 48;
        if (next < s.length && isOctal(s.charCodeAt(next))) byte = byte * 8 + s.charCodeAt(next++) - 48;
      }
      byte &= 0xff;
    } else if (c === 120 && next < s.length && hexValue(s.charCodeAt(next)) >= 0) {
      byte = hexValue(s.charCodeAt(next++));
      if (next < s.length && hexValue(s.charCodeAt(next)) >= 0) byte = byte * 16 + hexValue(s.charCodeAt(next++));
    } else {
      ch = c === 98 ? "\b" : c === 102 ? "\f" : c === 110 ? "\n" : c === 114 ? "\r" : c === 116 ? "\t" : c === 118 ? "\v" : s[i + 1];
    }
    if (byte >= 0) (bytes ??= []).push(byte);
    else {
      flushBytes();
      out += ch!;
    }
    from = next;
  }
  flushBytes();
  if (from < s.length) out += s.slice(from);
  return out;
}

export type CopyRowHandler = (values: (string | null)[]) => void;

export class CopyTextParser {
  private rest: Buffer | null = null;
  private line = 0;
  private finished = false;
  rows = 0;

  /** label: "db/vn" (for messages); columns: how many values each row must have. */
  constructor(private readonly label: string, private readonly columns: number, private readonly onRow: CopyRowHandler) {}

  write(chunk: Buffer): void {
    if (this.finished) return;
    let pos = 0;
    if (this.rest) {
      const nl = chunk.indexOf(NL);
      if (nl < 0) {
        if (this.rest.length + chunk.length > MAX_COPY_LINE_BYTES) this.tooLong();
        this.rest = Buffer.concat([this.rest, chunk]);
        return;
      }
      const joined = Buffer.concat([this.rest, chunk.subarray(0, nl)]);
      this.rest = null;
      this.parseLine(joined.toString("utf8"));
      pos = nl + 1;
    }
    // Decode everything up to the chunk's last newline at once (one decode per chunk, not per
    // row); the bytes after it wait for the next chunk.
    const last = chunk.lastIndexOf(NL);
    if (last >= pos && !this.finished) {
      // latin1 maps each byte to one char (fast, and exact to undo); a line holding any byte
      // ≥ 0x80 is decoded again as UTF-8. Most of the dump's lines are ASCII.
      const text = chunk.toString("latin1", pos, last + 1);
      let at = 0;
      const len = text.length;
      while (at < len && !this.finished) {
        const nl = text.indexOf("\n", at);
        const line = text.slice(at, nl);
        this.parseLine(NON_ASCII.test(line) ? Buffer.from(line, "latin1").toString("utf8") : line);
        at = nl + 1;
      }
      pos = last + 1;
    }
    if (pos < chunk.length) {
      if (chunk.length - pos > MAX_COPY_LINE_BYTES) this.tooLong();
      this.rest = Buffer.from(chunk.subarray(pos));
    }
  }

  /** End of the table's bytes: a last line without its newline still counts (COPY FROM accepts it). */
  end(): void {
    if (this.rest && this.rest.length && !this.finished) this.parseLine(this.rest.toString("utf8"));
    this.rest = null;
    this.finished = true;
  }

  private tooLong(): never {
    throw new MirrorInputError(`${this.label} line ${this.line + 1}: longer than ${MAX_COPY_LINE_BYTES} bytes; the dump is corrupt`);
  }

  private parseLine(line: string): void {
    this.line++;
    const text = line.endsWith("\r") ? line.slice(0, -1) : line; // a CRLF line end (COPY FROM accepts it)
    if (text === "\\.") {
      this.finished = true; // end-of-data marker
      return;
    }
    const fields: (string | null)[] = text.split("\t");
    if (fields.length !== this.columns) {
      throw new MirrorInputError(`${this.label} line ${this.line}: ${fields.length} values for ${this.columns} columns in the header; the dump is corrupt or its header does not match`);
    }
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i] as string;
      if (f.length < 2 || f.indexOf("\\") < 0) continue;
      fields[i] = f === "\\N" ? null : copyUnescape(f);
    }
    this.rows++;
    this.onRow(fields);
  }
}
