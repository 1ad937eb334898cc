/**
 * A small push-style tar reader, enough for VNDB's dumps and anything GNU tar or a POSIX tar
 * writes: ustar headers (with the name prefix), GNU long names ('L'), pax extended headers ('x':
 * path and size; 'g' ignored), base-256 sizes. Bodies go to the handler in the chunks they
 * arrive in, never copied or held whole. A header with a bad checksum, or an archive that ends
 * before its end-of-archive blocks, is a MirrorInputError.
 */
import { MirrorInputError } from "../errors.js";

export interface TarEntry {
  readonly name: string;
  readonly size: number;
  /** "file", "dir" or "other" (links, devices: skipped). */
  readonly kind: "file" | "dir" | "other";
}

export interface TarBodySink {
  data(chunk: Buffer): void;
  end(): void;
}

export interface TarHandler {
  /** An entry starts; return a sink for its body, or null to skip it. */
  entry(entry: TarEntry): TarBodySink | null;
}

const BLOCK = 512;
/** Longest GNU long name / pax header we accept; VNDB's names are a few dozen bytes. */
const MAX_META_BYTES = 1 << 20;

type State = "header" | "body" | "meta" | "pad" | "end";

function readString(b: Buffer, at: number, len: number): string {
  let end = at;
  while (end < at + len && b[end] !== 0) end++;
  return b.toString("utf8", at, end);
}

function readNumber(b: Buffer, at: number, len: number): number {
  if (b[at]! & 0x80) {
    // GNU base-256: big-endian binary in the remaining bits (sizes ≥ 8 GiB).
    let n = b[at]! & 0x7f;
    for (let i = at + 1; i < at + len; i++) n = n * 256 + b[i]!;
    return n;
  }
  const s = readString(b, at, len).trim();
  if (s === "") return 0;
  if (!/^[0-7]+$/.test(s)) return Number.NaN;
  return Number.parseInt(s, 8);
}

export class TarReader {
  private state: State = "header";
  private readonly header = Buffer.alloc(BLOCK);
  private headerFill = 0;
  private remaining = 0;
  private padRemaining = 0;
  private sink: TarBodySink | null = null;
  private current: TarEntry | null = null;
  private meta: Buffer[] = [];
  private metaKind: "L" | "x" | "skip" = "skip";
  private longName: string | undefined;
  private paxPath: string | undefined;
  private paxSize: number | undefined;
  private zeroBlocks = 0;
  private offset = 0;
  entries = 0;

  constructor(private readonly handler: TarHandler, private readonly label: string) {}

  private fail(why: string): never {
    throw new MirrorInputError(`${this.label}: ${why}`);
  }

  write(chunk: Buffer): void {
    let at = 0;
    const len = chunk.length;
    while (at < len) {
      switch (this.state) {
        case "end":
          return;
        case "header": {
          const n = Math.min(BLOCK - this.headerFill, len - at);
          chunk.copy(this.header, this.headerFill, at, at + n);
          this.headerFill += n;
          at += n;
          if (this.headerFill === BLOCK) {
            this.headerFill = 0;
            this.onHeader();
            this.offset += BLOCK;
          }
          break;
        }
        case "body": {
          const n = Math.min(this.remaining, len - at);
          if (this.sink && n > 0) this.sink.data(chunk.subarray(at, at + n));
          this.remaining -= n;
          at += n;
          this.offset += n;
          if (this.remaining === 0) this.finishBody();
          break;
        }
        case "meta": {
          const n = Math.min(this.remaining, len - at);
          if (this.metaKind !== "skip") this.meta.push(Buffer.from(chunk.subarray(at, at + n)));
          this.remaining -= n;
          at += n;
          this.offset += n;
          if (this.remaining === 0) this.finishMeta();
          break;
        }
        case "pad": {
          const n = Math.min(this.padRemaining, len - at);
          this.padRemaining -= n;
          at += n;
          this.offset += n;
          if (this.padRemaining === 0) this.state = "header";
          break;
        }
      }
    }
  }

  /** The input ended: anything but a finished archive is a truncation. */
  end(): void {
    if (this.state === "end") return;
    if (this.state === "body" && this.current) {
      this.fail(`the archive ends inside ${this.current.name} (${this.current.size - this.remaining} of ${this.current.size} bytes): the file is truncated; download it again`);
    }
    if (this.state === "header" && this.headerFill === 0 && this.zeroBlocks === 1) return; // one end block: accepted, as GNU tar does (with a warning there)
    this.fail(`the archive ends without tar's end-of-archive blocks (after ${this.entries} entries): the file is truncated; download it again`);
  }

  private onHeader(): void {
    const h = this.header;
    let zero = true;
    for (let i = 0; i < BLOCK; i++) if (h[i] !== 0) { zero = false; break; }
    if (zero) {
      this.zeroBlocks++;
      if (this.zeroBlocks === 2) this.state = "end";
      return;
    }
    this.zeroBlocks = 0;
    let sum = 0;
    let signed = 0;
    for (let i = 0; i < BLOCK; i++) {
      const b = i >= 148 && i < 156 ? 32 : h[i]!;
      sum += b;
      signed += b > 127 ? b - 256 : b;
    }
    const stored = readNumber(h, 148, 8);
    if (stored !== sum && stored !== signed) this.fail(`bad tar header at byte ${this.offset} (checksum): the file is corrupt, not a tar, or truncated`);
    const type = String.fromCharCode(h[156]!);
    const size = this.paxSize ?? readNumber(h, 124, 12);
    if (!Number.isFinite(size) || size < 0) this.fail(`bad tar header at byte ${this.offset} (size)`);
    const padded = Math.ceil(size / BLOCK) * BLOCK;
    if (type === "L" || type === "x" || type === "g" || type === "K") {
      if (size > MAX_META_BYTES) this.fail(`tar metadata entry of ${size} bytes at byte ${this.offset}: too large`);
      this.metaKind = type === "L" ? "L" : type === "x" ? "x" : "skip";
      this.meta = [];
      this.remaining = size;
      this.padRemaining = padded - size;
      this.paxSize = undefined;
      this.state = size > 0 ? "meta" : padded > size ? "pad" : "header";
      if (size === 0) this.finishMeta();
      return;
    }
    let name = this.paxPath ?? this.longName;
    if (name === undefined) {
      name = readString(h, 0, 100);
      // POSIX ustar ("ustar\0"): a prefix field extends the name. GNU's "ustar  " uses those bytes for times.
      if (h.toString("latin1", 257, 263) === "ustar\0") {
        const prefix = readString(h, 345, 155);
        if (prefix) name = `${prefix}/${name}`;
      }
    }
    this.longName = undefined;
    this.paxPath = undefined;
    this.paxSize = undefined;
    if (name.startsWith("./")) name = name.slice(2);
    const kind = type === "0" || type === "\0" || type === "7" ? "file" : type === "5" ? "dir" : "other";
    const entry: TarEntry = { name, size: kind === "dir" ? 0 : size, kind };
    this.entries++;
    this.current = entry;
    this.sink = kind === "file" ? this.handler.entry(entry) : (this.handler.entry(entry), null);
    const bodySize = kind === "dir" ? 0 : size;
    this.remaining = bodySize;
    this.padRemaining = Math.ceil(bodySize / BLOCK) * BLOCK - bodySize;
    if (bodySize === 0) this.finishBody();
    else this.state = "body";
  }

  private finishBody(): void {
    const sink = this.sink;
    this.sink = null;
    this.state = this.padRemaining > 0 ? "pad" : "header";
    sink?.end();
  }

  private finishMeta(): void {
    const body = Buffer.concat(this.meta);
    this.meta = [];
    if (this.metaKind === "L") this.longName = readString(body, 0, body.length);
    else if (this.metaKind === "x") this.parsePax(body);
    this.state = this.padRemaining > 0 ? "pad" : "header";
  }

  /** pax records: "<len> <key>=<value>\n" (POSIX.1-2001). */
  private parsePax(body: Buffer): void {
    let at = 0;
    while (at < body.length) {
      const space = body.indexOf(32, at);
      if (space < 0) break;
      const len = Number.parseInt(body.toString("ascii", at, space), 10);
      if (!(len > 0) || at + len > body.length) this.fail(`bad pax header at byte ${this.offset}`);
      const record = body.toString("utf8", space + 1, at + len - 1);
      const eq = record.indexOf("=");
      const key = record.slice(0, eq);
      const value = record.slice(eq + 1);
      if (key === "path") this.paxPath = value;
      else if (key === "size") this.paxSize = Number(value);
      at += len;
    }
  }
}
