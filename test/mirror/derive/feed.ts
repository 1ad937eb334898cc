// Feeds dump tables straight into a dump consumer, each value as the dump reader hands it
// over (COPY text, unescaped: null, "t"/"f", numbers as text, arrays as PostgreSQL prints
// them), without writing an archive: the derive tests' input. The fidelity test goes
// through writeDump + readDump instead.
import type { DumpConsumer } from "../../../src/mirror/dump/read-dump.js";
import { copyValue, type DumpTableData } from "../../helpers/dump-writer.js";

const UNESCAPE: Record<string, string> = { "\\": "\\", t: "\t", n: "\n", r: "\r", b: "\b", f: "\f", v: "\v" };

/** The value readDump gives for one dump value. */
export function readerValue(v: Parameters<typeof copyValue>[0]): string | null {
  const text = copyValue(v);
  if (text === "\\N") return null;
  return text.replace(/\\(.)/g, (_m, c: string) => UNESCAPE[c] ?? c);
}

export function feed(consumer: DumpConsumer, tables: Record<string, DumpTableData>): void {
  for (const [name, t] of Object.entries(tables)) {
    if (!consumer.tables.has(name)) continue;
    const sink = consumer.table(name, t.columns);
    for (const row of t.rows) sink.row(row.map(readerValue));
    sink.end?.();
  }
}
