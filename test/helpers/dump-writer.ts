/**
 * Writes a VNDB database dump in the exact published format (util/dbdump.pl `export_db`), for tests
 * and benchmarks: `db/<table>` in PostgreSQL COPY text format with a `db/<table>.header` each,
 * `import.sql`, `schema_plain.sql`, `schema_vndbid.sql`, `TIMESTAMP` and the licence files, in a
 * GNU tar sorted by name (`tar --sort=name`: `db/vn` before `db/vn.header`), compressed with zstd:
 * real compression through node:zlib when this Node has it, else valid zstd frames of raw
 * (stored) blocks, which the zstd format allows (RFC 8878 §3.1.1.2), so Node 20 needs no binary.
 *
 * Rows may be any iterable (a generator for big benchmark dumps): each table is rendered to a
 * temporary file first, because a tar header needs the entry's size before its data.
 */
import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync, writeSync, createReadStream, createWriteStream } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import * as zlib from "node:zlib";
import { DUMP_FOREIGN_KEYS, DUMP_TABLES, DUMP_TYPE_DECLS } from "../../src/mirror/dump/dump-schema.js";

export type DumpValue = string | number | boolean | null | readonly (string | number | null)[];
export interface DumpTableData {
  columns: string[];
  rows: Iterable<readonly DumpValue[]> | DumpValue[][];
}

export interface WriteDumpOptions {
  /** TIMESTAMP content without the newline, as PostgreSQL prints `date_trunc('second', NOW())` with `SET TIME ZONE +0`. */
  timestamp?: string;
  /** "zstd" (default): node:zlib compression when present, else raw blocks. "zstd-raw": always raw blocks. "none": a plain tar (for corrupt-input tests). */
  compress?: "zstd-raw" | "zstd" | "none";
  /** Archive members to leave out (e.g. "db/vn.header", "TIMESTAMP"), for tests of broken dumps. */
  omit?: string[];
  /** Extra archive members (name → content), e.g. an unexpected file. */
  extra?: Record<string, string>;
}

/** The files util/dbdump.pl copies from util/dump/ (only their names matter to a reader). */
const STATIC_FILES = ["LICENSE-CC0.txt", "LICENSE-CC-BY-NC-SA.txt", "LICENSE-DBCL.txt", "LICENSE-ODBL.txt", "README.txt"];

/** zstd's largest block (RFC 8878 §3.1.1.2.4, Block_Maximum_Size = min(Window_Size, 128 KiB)). */
const ZSTD_MAX_BLOCK = 128 * 1024;
const TAR_BLOCK = 512;

// ---- COPY text (PostgreSQL src/backend/commands/copyto.c CopyAttributeOutText) ----

/** Escapes one value's text for COPY: backslash, tab, newline, CR and \b \f \v. */
export function copyEscape(text: string): string {
  let out = "";
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    let rep: string | undefined;
    if (c === 92) rep = "\\\\";
    else if (c < 32) {
      rep = c === 8 ? "\\b" : c === 12 ? "\\f" : c === 10 ? "\\n" : c === 13 ? "\\r" : c === 9 ? "\\t" : c === 11 ? "\\v" : undefined;
    }
    if (rep !== undefined) {
      out += text.slice(from, i) + rep;
      from = i + 1;
    }
  }
  return from === 0 ? text : out + text.slice(from);
}

/** An array element as PostgreSQL's array_out prints it (src/backend/utils/adt/arrayfuncs.c). */
function arrayElement(v: string | number | null): string {
  if (v === null) return "NULL";
  const s = String(v);
  const needsQuote = s === "" || s.toLowerCase() === "null" || /[{}",\\ \t\n\r\v\f]/.test(s);
  return needsQuote ? `"${s.replace(/["\\]/g, (m) => `\\${m}`)}"` : s;
}

/** One value as COPY text (before row assembly). */
export function copyValue(v: DumpValue): string {
  if (v === null || v === undefined) return "\\N";
  if (typeof v === "boolean") return v ? "t" : "f";
  if (typeof v === "number") return String(v);
  if (Array.isArray(v)) return copyEscape(`{${v.map(arrayElement).join(",")}}`);
  return copyEscape(v as string);
}

export function copyRow(row: readonly DumpValue[]): string {
  let line = "";
  for (let i = 0; i < row.length; i++) line += (i ? "\t" : "") + copyValue(row[i]!);
  return `${line}\n`;
}

// ---- GNU tar ----

function octal(n: number, width: number): string {
  return n.toString(8).padStart(width - 1, "0");
}

/** A GNU-format header block (`tar` 1.34's default --format=gnu: magic "ustar  \0"). */
export function tarHeader(name: string, size: number, type: "0" | "5", mtime: number): Buffer {
  const h = Buffer.alloc(TAR_BLOCK);
  if (Buffer.byteLength(name) > 100) throw new Error(`tar name too long for this writer: ${name}`);
  h.write(name, 0, 100, "utf8");
  h.write(octal(type === "5" ? 0o755 : 0o644, 8), 100, "ascii");
  h.write(octal(1000, 8), 108, "ascii");
  h.write(octal(1000, 8), 116, "ascii");
  h.write(octal(size, 12), 124, "ascii");
  h.write(octal(mtime, 12), 136, "ascii");
  h.write("        ", 148, "ascii");
  h.write(type, 156, "ascii");
  h.write("ustar  \0", 257, "binary");
  h.write("vndb", 265, "ascii");
  h.write("vndb", 297, "ascii");
  let sum = 0;
  for (let i = 0; i < TAR_BLOCK; i++) sum += h[i]!;
  h.write(`${octal(sum, 7)}\0 `, 148, "ascii");
  return h;
}

// ---- zstd raw-block frames (RFC 8878 §3.1.1) ----

/** Writes bytes as one zstd frame of raw blocks; call end() for the last block. */
class ZstdRawFrameWriter {
  private readonly pending = Buffer.alloc(ZSTD_MAX_BLOCK);
  private used = 0;
  constructor(private readonly fd: number) {
    // Magic 0xFD2FB528; Frame_Header_Descriptor 0 (no content size, not single-segment, no
    // checksum, no dictionary); Window_Descriptor 0x38 = 2^(10+7) = 128 KiB window.
    writeSync(fd, Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x38]));
  }
  write(data: Buffer): void {
    let at = 0;
    while (at < data.length) {
      const n = Math.min(data.length - at, ZSTD_MAX_BLOCK - this.used);
      data.copy(this.pending, this.used, at, at + n);
      this.used += n;
      at += n;
      if (this.used === ZSTD_MAX_BLOCK && at < data.length) this.flush(false);
    }
  }
  private flush(last: boolean): void {
    // Block_Header: 3 bytes little-endian, bit 0 Last_Block, bits 1-2 Block_Type (0 = Raw), bits 3-23 size.
    const header = (this.used << 3) | (last ? 1 : 0);
    writeSync(this.fd, Buffer.from([header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff]));
    if (this.used) writeSync(this.fd, this.pending, 0, this.used);
    this.used = 0;
  }
  end(): void {
    this.flush(true);
  }
}

class PlainWriter {
  constructor(private readonly fd: number) {}
  write(data: Buffer): void {
    writeSync(this.fd, data);
  }
  end(): void {}
}

// ---- the dump's text files ----

function schemaSql(tables: string[], plain: boolean): string {
  let out = "";
  for (const t of tables) {
    const s = DUMP_TABLES[t];
    if (!s) continue;
    out += `\nCREATE TABLE ${t} (\n`;
    out += s.columns.map((c) => `  ${plain ? c.plain : c.vndbid}`).join(",\n");
    if (s.primary.length) out += `,\n  PRIMARY KEY(${s.primary.join(", ")})`;
    out += "\n);\n";
  }
  return out;
}

function importSql(tables: string[]): string {
  const known = new Set(tables);
  return [
    "-- This script will create the necessary tables and import all data into an\n-- existing PostgreSQL database.\n",
    "\n\n",
    DUMP_TYPE_DECLS.map((d) => `${d}\n`).join(""),
    "\n\n",
    "SELECT EXISTS(SELECT 1 FROM pg_type WHERE typname = 'vndbtag') as has_vndbtag\\gset\n\\if :has_vndbtag\n  \\i schema_vndbid.sql\n\\else\n  \\i schema_plain.sql\n\\endif\n",
    "\n\n",
    "-- You can comment out tables you don't need, to speed up the import and save some disk space.\n",
    tables.map((t) => `\\copy ${t} from 'db/${t}'\n`).join(""),
    "\n\n",
    "-- These are included to verify the internal consistency of the dump, you can safely comment out this part.\n",
    DUMP_FOREIGN_KEYS.filter((fk) => {
      const m = /ALTER TABLE (\S+) .* REFERENCES (\S+?)\s*\(/.exec(fk);
      return !m || (known.has(m[1]!) && known.has(m[2]!));
    }).map((fk) => `${fk}\n`).join(""),
  ].join("");
}

/**
 * Writes `tables` (dump table name → columns + rows) as a dump file. Columns are written as given
 * (a test may use any order or an unknown column); schema_plain.sql describes the tables VNDB's
 * schema knows, with the columns given.
 */
export async function writeDump(file: string, tables: Record<string, DumpTableData>, options: WriteDumpOptions = {}): Promise<void> {
  const timestamp = options.timestamp ?? "2026-11-27 08:00:12+00";
  const omit = new Set(options.omit ?? []);
  const mtime = Math.floor(Date.parse(timestamp.replace(" ", "T").replace(/\+00$/, "Z")) / 1000) || 0;
  const names = Object.keys(tables).sort();
  const work = mkdtempSync(join(tmpdir(), "dump-writer-"));
  try {
    // Render each table's COPY text to a file (sizes first, tar needs them).
    const rendered = new Map<string, string>();
    for (const name of names) {
      const t = tables[name]!;
      const path = join(work, name);
      const fd = openSync(path, "w");
      let buf = "";
      for (const row of t.rows) {
        if (row.length !== t.columns.length) throw new Error(`writeDump: ${name} row has ${row.length} values for ${t.columns.length} columns`);
        buf += copyRow(row);
        if (buf.length > 1 << 20) { writeSync(fd, buf); buf = ""; }
      }
      if (buf) writeSync(fd, buf);
      closeSync(fd);
      rendered.set(name, path);
    }
    const schemaTables = names.map((n) => ({ n, cols: tables[n]!.columns }));
    const asSchema = (plain: boolean) => schemaSql(names, plain).replace(/CREATE TABLE (\S+) \(\n([\s\S]*?)\n\);/g, (whole, t: string) => {
      // Describe the columns the test wrote (their order), with VNDB's declarations where known.
      const cols = schemaTables.find((s) => s.n === t)!.cols;
      const known = DUMP_TABLES[t]!;
      const decl = cols.map((c) => {
        const k = known.columns.find((x) => x.name === c);
        return `  ${k ? (plain ? k.plain : k.vndbid) : `${c} text`}`;
      });
      const pk = known.primary.filter((p) => cols.includes(p));
      return `CREATE TABLE ${t} (\n${decl.join(",\n")}${pk.length ? `,\n  PRIMARY KEY(${pk.join(", ")})` : ""}\n);`;
    });

    // Archive members in `tar --sort=name -C dir <static> import.sql schema_plain.sql schema_vndbid.sql TIMESTAMP db` order.
    const members: { name: string; dir?: true; text?: string; path?: string; extra?: true }[] = [];
    for (const f of STATIC_FILES) members.push({ name: f, text: `${f}: see https://vndb.org/d17 (test dump)\n` });
    members.push({ name: "import.sql", text: importSql(names) });
    members.push({ name: "schema_plain.sql", text: asSchema(true) });
    members.push({ name: "schema_vndbid.sql", text: asSchema(false) });
    members.push({ name: "TIMESTAMP", text: `${timestamp}\n` });
    members.push({ name: "db/", dir: true });
    const dbMembers: { name: string; text?: string; path?: string; extra?: true }[] = [];
    for (const name of names) {
      dbMembers.push({ name: `db/${name}`, path: rendered.get(name)! });
      dbMembers.push({ name: `db/${name}.header`, text: `${tables[name]!.columns.join("\t")}\n` });
    }
    for (const [name, text] of Object.entries(options.extra ?? {})) {
      if (name.startsWith("db/")) dbMembers.push({ name, text, extra: true });
      else members.splice(members.length - 1, 0, { name, text, extra: true });
    }
    dbMembers.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    members.push(...dbMembers);

    const compress = options.compress ?? "zstd";
    const nativeZstd = compress === "zstd" && typeof (zlib as { createZstdCompress?: unknown }).createZstdCompress === "function";
    const tarPath = nativeZstd ? join(work, "dump.tar") : file;
    const fd = openSync(tarPath, "w");
    const out = compress === "none" || nativeZstd ? new PlainWriter(fd) : new ZstdRawFrameWriter(fd);
    const chunk = Buffer.alloc(1 << 20);
    const kept = members.filter((m) => m.extra || !omit.has(m.name));
    for (const m of kept) {
      if (m.dir) { out.write(tarHeader(m.name, 0, "5", mtime)); continue; }
      const size = m.path ? statSync(m.path).size : Buffer.byteLength(m.text!);
      out.write(tarHeader(m.name, size, "0", mtime));
      if (m.path) {
        const inFd = openSync(m.path, "r");
        for (;;) {
          const n = readSync(inFd, chunk, 0, chunk.length, null);
          if (n === 0) break;
          out.write(chunk.subarray(0, n));
        }
        closeSync(inFd);
      } else out.write(Buffer.from(m.text!));
      const pad = (TAR_BLOCK - (size % TAR_BLOCK)) % TAR_BLOCK;
      if (pad) out.write(Buffer.alloc(pad));
    }
    // GNU tar ends with two zero blocks and pads to its 10 KiB record (20 blocks).
    let written = 0;
    for (const m of kept) written += TAR_BLOCK + (m.dir ? 0 : Math.ceil((m.path ? statSync(m.path).size : Buffer.byteLength(m.text!)) / TAR_BLOCK) * TAR_BLOCK);
    const record = 20 * TAR_BLOCK;
    const end = written + 2 * TAR_BLOCK;
    out.write(Buffer.alloc(2 * TAR_BLOCK + ((record - (end % record)) % record)));
    out.end();
    closeSync(fd);
    if (nativeZstd) {
      const z = zlib as unknown as { createZstdCompress(o?: object): NodeJS.ReadWriteStream };
      await pipeline(createReadStream(tarPath), z.createZstdCompress(), createWriteStream(file));
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Columns of a dump table as VNDB's current schema exports them (for tests that build full rows). */
export function dumpColumns(table: string): string[] {
  const t = DUMP_TABLES[table];
  if (!t) throw new Error(`not a dump table: ${table}`);
  return t.columns.map((c) => c.name);
}
