/**
 * Reads a VNDB database dump (vndb-db-*.tar.zst, util/dbdump.pl `export_db`) as a stream and
 * hands the tables a consumer asks for to it row by row, checking the archive as it goes:
 * zstd magic, tar structure, TIMESTAMP, every table of the dump and its header.
 *
 * Column names come from db/<table>.header, but `tar --sort=name` stores db/vn BEFORE
 * db/vn.header. The dump's schema_plain.sql (stored before db/) lists the same exported columns
 * in the same order (both come from `grep pub` over schema.sql in dbdump.pl), so one pass
 * reads every table whose columns it already knows, and each header that follows is checked
 * against what was used. A table whose columns were unknown when it came by (no
 * schema_plain.sql) is read in a second pass, after every header is known.
 */
import { open, stat } from "node:fs/promises";
import { MirrorInputError } from "../errors.js";
import { type Progress, silentProgress } from "../progress.js";
import { CopyTextParser } from "./copy-text.js";
import { DUMP_TABLES } from "./dump-schema.js";
import { type TarBodySink, TarReader } from "./tar.js";
import { ZSTD_MAGIC, zstdChunks } from "./zstd.js";

export { MirrorInputError } from "../errors.js";

export interface DumpTableSink {
  row(values: readonly (string | null)[]): void;
  end?(): void;
}

export interface DumpConsumer {
  /** Dump table names wanted (e.g. "vn", "vn_titles", "tags_vn"); others are skipped. */
  readonly tables: ReadonlySet<string>;
  /** Before a table's rows: its columns from db/<table>.header. Throw MirrorInputError for a missing needed column; ignore unknown extra columns. */
  table(name: string, columns: readonly string[]): DumpTableSink;
}

export interface ReadDumpOptions {
  /** Use fzstd even when node:zlib has zstd (tests of the Node 20 path). */
  forceJsZstd?: boolean;
  /** Stops the read (an interrupted build): the promise rejects with a MirrorInputError. */
  signal?: AbortSignal;
}

export interface DumpReadResult {
  /** TIMESTAMP as written ("2026-11-27 08:00:12+00"). */
  timestamp: string;
  /** Rows read per table handed to the consumer. */
  rows: Record<string, number>;
  /** Things a careful operator should know that did not stop the read (a table absent that no one needs). */
  warnings: string[];
}

/** Smallest plausible dump: a zstd frame header plus one tar block. */
const MIN_DUMP_BYTES = 16;
/** db/<table> and db/<table>.header entry names. */
const TABLE_ENTRY = /^db\/([a-z0-9_]+)$/;
const HEADER_ENTRY = /^db\/([a-z0-9_]+)\.header$/;

/** Small members are gathered whole (TIMESTAMP, headers, schema_plain.sql): this caps them. */
const MAX_SMALL_MEMBER = 16 * 1024 * 1024;

function collect(onDone: (text: string) => void, label: string): TarBodySink {
  const parts: Buffer[] = [];
  let size = 0;
  return {
    data(c) {
      size += c.length;
      if (size > MAX_SMALL_MEMBER) throw new MirrorInputError(`${label}: larger than ${MAX_SMALL_MEMBER} bytes; not a VNDB dump`);
      parts.push(Buffer.from(c));
    },
    end() {
      onDone(Buffer.concat(parts).toString("utf8"));
    },
  };
}

/** Columns per table from schema_plain.sql ("CREATE TABLE t (\n  col type,\n  PRIMARY KEY(..)\n);"). */
export function parseSchemaColumns(sql: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let table: string[] | null = null;
  for (const line of sql.split("\n")) {
    const create = /^CREATE TABLE (\S+) \($/.exec(line);
    if (create) {
      table = [];
      out.set(create[1]!, table);
      continue;
    }
    if (!table) continue;
    if (line.startsWith(")")) {
      table = null;
      continue;
    }
    const col = /^\s+(\S+)\s/.exec(line);
    if (col && !/^\s+PRIMARY KEY\s*\(/i.test(line)) table.push(col[1]!.replace(/^"|"$/g, ""));
  }
  return out;
}

function sameColumns(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((c, i) => c === b[i]);
}

async function checkStart(file: string): Promise<number> {
  let size: number;
  try {
    const s = await stat(file);
    if (!s.isFile()) throw new MirrorInputError(`${file}: not a file`);
    size = s.size;
  } catch (e) {
    if (e instanceof MirrorInputError) throw e;
    throw new MirrorInputError(`${file}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  if (size < MIN_DUMP_BYTES) throw new MirrorInputError(`${file}: ${size} bytes, too small for a VNDB dump; download it again`);
  const fh = await open(file, "r");
  const head = Buffer.alloc(512);
  try {
    await fh.read(head, 0, 512, 0);
  } finally {
    await fh.close();
  }
  if (!head.subarray(0, 4).equals(ZSTD_MAGIC)) {
    const what =
      head[0] === 0x1f && head[1] === 0x8b ? "a gzip file"
      : head.toString("latin1", 257, 262) === "ustar" ? "an uncompressed tar"
      : head.toString("latin1", 0, 5).match(/^\s*</) ? "an HTML page (an error page from the server?)"
      : "not zstd data";
    throw new MirrorInputError(`${file}: ${what}, expected a VNDB database dump (vndb-db-*.tar.zst, zstd-compressed)`);
  }
  return size;
}

export async function readDump(file: string, consumer: DumpConsumer, progress: Progress = silentProgress, options: ReadDumpOptions = {}): Promise<DumpReadResult> {
  const size = await checkStart(file);
  let timestamp: string | undefined;
  let schemaColumns: Map<string, string[]> | undefined;
  const headers = new Map<string, string[]>();
  const bodies = new Set<string>();
  /** Tables streamed in pass 1 with columns from schema_plain.sql, to check against their header. */
  const usedColumns = new Map<string, readonly string[]>();
  const deferred = new Set<string>();
  const rows: Record<string, number> = {};

  const streamTable = (table: string, columns: readonly string[]): TarBodySink => {
    const sink = consumer.table(table, columns);
    const parser = new CopyTextParser(`${file}: db/${table}`, columns.length, (v) => sink.row(v));
    return {
      data: (c) => parser.write(c),
      end: () => {
        parser.end();
        rows[table] = (rows[table] ?? 0) + parser.rows;
        sink.end?.();
      },
    };
  };

  const pass = async (label: string, handler: (name: string) => TarBodySink | null): Promise<TarReader> => {
    progress.stage(label, size);
    const tar = new TarReader({ entry: (e) => (e.kind === "file" ? handler(e.name) : null) }, file);
    for await (const chunk of zstdChunks(file, (n) => progress.advance(n), options.forceJsZstd)) {
      if (options.signal?.aborted) throw new MirrorInputError(`${file}: reading the dump was interrupted`);
      tar.write(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    }
    tar.end();
    progress.done();
    return tar;
  };

  // `tar --sort=name` stores db/ in byte order (db/vn, db/vn.header, db/vn_anime): once the
  // archive is past where a needed table would be, it is missing, and the read stops there
  // instead of after the whole archive. An archive that is not in that order is checked at the end.
  let lastDbEntry = "";
  let sorted = true;
  const needed = [...consumer.tables].sort();
  const checkPassed = (entry: string): void => {
    if (!sorted) return;
    if (entry <= lastDbEntry) {
      sorted = false;
      return;
    }
    lastDbEntry = entry;
    const lacks: string[] = [];
    for (const table of needed) {
      if (`db/${table}` < entry && !bodies.has(table)) lacks.push(`db/${table}`);
      if (`db/${table}.header` < entry && !headers.has(table) && !headerPending.has(table)) lacks.push(`db/${table}.header`);
    }
    if (lacks.length) throw missingError(lacks);
  };
  const headerPending = new Set<string>();
  const missingError = (lacks: string[]): MirrorInputError =>
    new MirrorInputError(`${file}: ${lacks.join(", ")} missing from the dump; the mirror needs ${lacks.length === 1 ? "it" : "them"}. Is this a complete VNDB database dump?`);

  const tar = await pass("read dump", (name) => {
    if (name.startsWith("db/")) checkPassed(name);
    if (name === "TIMESTAMP") return collect((t) => (timestamp = t.trim()), `${file}: TIMESTAMP`);
    if (name === "schema_plain.sql") return collect((t) => (schemaColumns = parseSchemaColumns(t)), `${file}: schema_plain.sql`);
    const h = HEADER_ENTRY.exec(name);
    if (h) {
      const table = h[1]!;
      headerPending.add(table);
      return collect((t) => {
        headerPending.delete(table);
        const line = t.split("\n")[0]!.replace(/\r$/, "");
        const cols = line === "" ? [] : line.split("\t");
        headers.set(table, cols);
        const used = usedColumns.get(table);
        if (used && !sameColumns(used, cols)) {
          throw new MirrorInputError(`${file}: db/${table}.header (${cols.join(", ")}) differs from schema_plain.sql (${used.join(", ")}); the dump is inconsistent`);
        }
      }, `${file}: ${name}`);
    }
    const t = TABLE_ENTRY.exec(name);
    if (!t) return null;
    const table = t[1]!;
    bodies.add(table);
    if (!consumer.tables.has(table)) return null;
    const cols = headers.get(table) ?? schemaColumns?.get(table);
    if (!cols) {
      deferred.add(table);
      return null;
    }
    if (!headers.has(table)) usedColumns.set(table, cols);
    return streamTable(table, cols);
  });

  if (tar.entries === 0) throw new MirrorInputError(`${file}: the archive holds no files; not a VNDB dump`);
  if (timestamp === undefined) throw new MirrorInputError(`${file}: no TIMESTAMP file; not a VNDB database dump, or an incomplete one`);
  if (!/^\d{4}-\d{2}-\d{2}\b/.test(timestamp)) throw new MirrorInputError(`${file}: TIMESTAMP "${timestamp.slice(0, 40)}" is not a date`);
  if (bodies.size === 0) throw new MirrorInputError(`${file}: no db/ tables; not a VNDB database dump`);

  // Every table of the dump, and every table the consumer needs, must be there with its header.
  const warnings: string[] = [];
  const missingNeeded: string[] = [];
  const expected = new Set([...Object.keys(DUMP_TABLES), ...consumer.tables]);
  for (const table of [...expected].sort()) {
    const lacks = [!bodies.has(table) ? `db/${table}` : "", !headers.has(table) ? `db/${table}.header` : ""].filter(Boolean);
    if (lacks.length === 0) continue;
    if (consumer.tables.has(table)) missingNeeded.push(...lacks);
    else warnings.push(`${lacks.join(" and ")} missing (not needed for the mirror)`);
  }
  if (missingNeeded.length) throw missingError(missingNeeded);

  if (deferred.size) {
    await pass("read dump (second pass)", (name) => {
      const t = TABLE_ENTRY.exec(name);
      return t && deferred.has(t[1]!) ? streamTable(t[1]!, headers.get(t[1]!)!) : null;
    });
  }
  return { timestamp, rows, warnings };
}

/** Stops a peek once TIMESTAMP is read (it is stored before db/, in the first few hundred KB). */
class FoundTimestamp extends Error {}

/**
 * The dump's TIMESTAMP alone, reading only the start of the archive (the data date is needed
 * before the full read: it is the "today" VNDB's derivations compare against).
 */
export async function peekTimestamp(file: string, options: ReadDumpOptions = {}): Promise<string> {
  await checkStart(file);
  let found: string | undefined;
  const tar = new TarReader({
    entry: (e) => e.name === "TIMESTAMP" ? collect((t) => { found = t.trim(); throw new FoundTimestamp(); }, `${file}: TIMESTAMP`) : null,
  }, file);
  try {
    for await (const chunk of zstdChunks(file, undefined, options.forceJsZstd)) {
      tar.write(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    }
    tar.end();
  } catch (e) {
    if (!(e instanceof FoundTimestamp)) throw e;
  }
  if (found === undefined) throw new MirrorInputError(`${file}: no TIMESTAMP file; not a VNDB database dump, or an incomplete one`);
  if (!/^\d{4}-\d{2}-\d{2}\b/.test(found)) throw new MirrorInputError(`${file}: TIMESTAMP "${found.slice(0, 40)}" is not a date`);
  return found;
}
