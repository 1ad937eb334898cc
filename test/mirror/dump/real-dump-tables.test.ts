// The real COPY tables held in ../shared/kana-data/real/dump-2024 (VNDB dumps of 2023-06 and
// 2024-06, see its COVERAGE.md) must parse: every row, the row counts FILES.tsv records, the
// header's column count, and each parsed row written back as COPY text is byte-for-byte the
// line VNDB wrote (escapes decoded and re-encoded exactly). Skipped where the shared data is absent.
import { existsSync, readdirSync, readFileSync, rmSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CopyTextParser } from "../../../src/mirror/dump/copy-text.js";
import { type DumpConsumer, readDump } from "../../../src/mirror/dump/read-dump.js";
import { copyRow, writeDump } from "../../helpers/dump-writer.js";

const REAL = "/work/shared/kana-data/real/dump-2024";
const present = existsSync(join(REAL, "FILES.tsv"));

interface RealTable { label: string; body: string; header: string; lines: number }

function realTables(): RealTable[] {
  const lines = new Map<string, number>();
  for (const l of readFileSync(join(REAL, "FILES.tsv"), "utf8").split("\n")) {
    const [p, , count] = l.split("\t");
    if (p && count) lines.set(p.replace(/^\.\//, ""), Number(count));
  }
  const out: RealTable[] = [];
  for (const d of ["timacias-vndb-db-2024-06-24/db", "potatodbmapper-vndb-db-2023-06-18/db"]) {
    for (const f of readdirSync(join(REAL, d))) {
      if (f.endsWith(".header") || !existsSync(join(REAL, d, `${f}.header`))) continue;
      out.push({ label: `${d}/${f}`, body: join(REAL, d, f), header: join(REAL, d, `${f}.header`), lines: lines.get(`${d}/${f}`)! });
    }
  }
  // vn_titles of 2025-06 was published without its header; its columns are 2024's.
  out.push({
    label: "asukaminato-vn_titles-2025-06/vn_titles",
    body: join(REAL, "asukaminato-vn_titles-2025-06/vn_titles"),
    header: join(REAL, "timacias-vndb-db-2024-06-24/db/vn_titles.header"),
    lines: lines.get("asukaminato-vn_titles-2025-06/vn_titles")!,
  });
  return out;
}

describe.skipIf(!present)("the real dump tables of 2023-06, 2024-06 and 2025-06", { timeout: 180_000 }, () => {
  const tables = present ? realTables() : [];

  it("are all found, with their FILES.tsv row counts", () => {
    expect(tables.length).toBeGreaterThanOrEqual(25);
    for (const t of tables) expect(t.lines, t.label).toBeGreaterThan(0);
  });

  it.each(tables.map((t) => [t.label, t] as const))("%s parses, row count and bytes exact", (_label, t) => {
    const columns = readFileSync(t.header, "utf8").trimEnd().split("\t");
    const bytes = readFileSync(t.body);
    const rendered: string[] = [];
    const parser = new CopyTextParser(t.label, columns.length, (v) => rendered.push(copyRow(v)));
    // Odd chunk sizes: rows and multi-byte characters straddle chunk ends.
    for (let at = 0; at < bytes.length; at += 65_521) parser.write(bytes.subarray(at, Math.min(bytes.length, at + 65_521)));
    parser.end();
    expect(parser.rows).toBe(t.lines);
    expect(Buffer.from(rendered.join(""), "utf8").equals(bytes)).toBe(true);
  });

  it("read back through a dump archive, every table gives its rows", async () => {
    const dir = mkdtempSync(join(tmpdir(), "real-dump-"));
    try {
      const data: Record<string, { columns: string[]; rows: (string | null)[][] }> = {};
      for (const t of tables.filter((x) => x.label.startsWith("timacias"))) {
        const name = t.label.split("/").pop()!;
        const columns = readFileSync(t.header, "utf8").trimEnd().split("\t");
        const rows: (string | null)[][] = [];
        const p = new CopyTextParser(t.label, columns.length, (v) => rows.push(v));
        p.write(readFileSync(t.body));
        p.end();
        data[name] = { columns, rows };
      }
      const file = join(dir, "real.tar.zst");
      await writeDump(file, data, { timestamp: readFileSync(join(REAL, "timacias-vndb-db-2024-06-24/TIMESTAMP"), "utf8").trim() });
      const counts: Record<string, number> = {};
      const consumer: DumpConsumer = {
        tables: new Set(Object.keys(data)),
        table: (name) => ({ row: () => { counts[name] = (counts[name] ?? 0) + 1; } }),
      };
      const result = await readDump(file, consumer);
      expect(result.timestamp).toBe("2024-06-24 08:00:09+00");
      expect(counts).toEqual(Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v.rows.length])));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
