import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MirrorInputError } from "../../../src/mirror/errors.js";
import { type DumpConsumer, readDump } from "../../../src/mirror/dump/read-dump.js";
import { hasNativeZstd } from "../../../src/mirror/dump/zstd.js";
import { writeDump } from "../../helpers/dump-writer.js";

const dir = mkdtempSync(join(tmpdir(), "read-dump-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const path = () => join(dir, `d${n++}.tar.zst`);

/** Records what readDump hands over. */
function recorder(tables: string[]) {
  const got: Record<string, { columns: readonly string[]; rows: (string | null)[][]; ended: boolean }> = {};
  const consumer: DumpConsumer = {
    tables: new Set(tables),
    table(name, columns) {
      const t: { columns: readonly string[]; rows: (string | null)[][]; ended: boolean } = { columns, rows: [], ended: false };
      got[name] = t;
      return { row: (v) => t.rows.push([...v]), end: () => { t.ended = true; } };
    },
  };
  return { consumer, got };
}

const tricky = [
  "plain",
  "tab\there",
  "new\nline and \r return",
  "back\\slash \\N not null",
  "\\N",
  "",
  "ユニコード 🎌 ok",
  "\b\f\v controls",
];

async function expectInputError(p: Promise<unknown>, pattern: RegExp): Promise<void> {
  const e = await p.then(() => undefined, (err: unknown) => err);
  expect(e).toBeInstanceOf(MirrorInputError);
  expect((e as Error).message).toMatch(pattern);
}

describe("readDump", () => {
  it("hands over every row of the wanted tables with values decoded, and skips the rest", async () => {
    const file = path();
    await writeDump(file, {
      vn: { columns: ["id", "olang", "description"], rows: tricky.map((t, i) => [`v${i + 1}`, "ja", t]) },
      vn_titles: { columns: ["id", "lang", "official", "title", "latin"], rows: [["v1", "ja", true, "t", null], ["v2", "en", false, "u", "l"]] },
      tags_vn: { columns: ["tag", "vid", "vote"], rows: [["g1", "v1", 3]] },
      chars: { columns: ["id", "aliases"], rows: [["c1", ["a b", "", null, 'q"uote', "back\\slash", "NULL", "x"]]] },
    }, { timestamp: "2026-11-27 08:00:12+00" });
    const { consumer, got } = recorder(["vn", "vn_titles", "chars"]);
    const result = await readDump(file, consumer);
    expect(result.timestamp).toBe("2026-11-27 08:00:12+00");
    expect(Object.keys(got).sort()).toEqual(["chars", "vn", "vn_titles"]);
    expect(got.vn!.columns).toEqual(["id", "olang", "description"]);
    expect(got.vn!.rows.map((r) => r[2])).toEqual(tricky);
    expect(got.vn!.ended).toBe(true);
    expect(got.vn_titles!.rows).toEqual([["v1", "ja", "t", "t", null], ["v2", "en", "f", "u", "l"]].map((r) => [r[0], r[1], r[2], r[3], r[4]]));
    // Arrays arrive as PostgreSQL prints them (array_out quoting), booleans as t/f.
    expect(got.chars!.rows[0]![1]).toBe('{"a b","",NULL,"q\\"uote","back\\\\slash","NULL",x}');
    expect(result.rows).toEqual({ vn: tricky.length, vn_titles: 2, chars: 1 });
    // The 51 tables of VNDB's dump that this small dump lacks are warnings, not errors.
    expect(result.warnings.length).toBe(51 - 4);
    expect(result.warnings.join("\n")).toMatch(/db\/releases and db\/releases\.header missing/);
  });

  it("reads the same rows on the pure-JS zstd path as on the default one", async () => {
    const file = path();
    await writeDump(file, { vn: { columns: ["id", "description"], rows: tricky.map((t, i) => [`v${i}`, t]) } });
    const a = recorder(["vn"]);
    const b = recorder(["vn"]);
    await readDump(file, a.consumer);
    await readDump(file, b.consumer, undefined, { forceJsZstd: true });
    expect(b.got.vn!.rows).toEqual(a.got.vn!.rows);
    expect(a.got.vn!.rows.map((r) => r[1])).toEqual(tricky);
  });

  it.skipIf(!hasNativeZstd())("reads node:zlib-compressed dumps", async () => {
    const file = path();
    await writeDump(file, { vn: { columns: ["id"], rows: [["v1"]] } }, { compress: "zstd" });
    const r = recorder(["vn"]);
    await readDump(file, r.consumer);
    expect(r.got.vn!.rows).toEqual([["v1"]]);
  });

  it("reads tables whose header follows them with a second pass when schema_plain.sql is absent", async () => {
    const file = path();
    const rows = Array.from({ length: 3000 }, (_, i) => [`v${i + 1}`, i % 2 === 0 ? "ja" : "en", `d${i}`]);
    await writeDump(file, { vn: { columns: ["id", "olang", "description"], rows } }, { omit: ["schema_plain.sql"] });
    const r = recorder(["vn"]);
    const stages: string[] = [];
    await readDump(file, r.consumer, { stage: (s) => stages.push(s), advance() {}, done() {} });
    expect(stages).toEqual(["read dump", "read dump (second pass)"]);
    expect(r.got.vn!.rows).toEqual(rows);
  });

  it("uses the header's columns, in the header's order", async () => {
    const file = path();
    await writeDump(file, { vn: { columns: ["description", "id", "extra_new_column"], rows: [["d", "v1", "x"]] } });
    const r = recorder(["vn"]);
    await readDump(file, r.consumer);
    expect(r.got.vn!.columns).toEqual(["description", "id", "extra_new_column"]);
    expect(r.got.vn!.rows).toEqual([["d", "v1", "x"]]);
  });

  it("fails when a header disagrees with schema_plain.sql", async () => {
    const file = path();
    await writeDump(file, { vn: { columns: ["id", "olang"], rows: [["v1", "ja"]] } }, { omit: ["db/vn.header"], extra: { "db/vn.header": "id\tlang\n" } });
    await expectInputError(readDump(file, recorder(["vn"]).consumer), /db\/vn\.header \(id, lang\) differs from schema_plain\.sql/);
  });

  it("fails on a needed table or header that is missing, naming it", async () => {
    const file = path();
    await writeDump(file, { vn: { columns: ["id"], rows: [["v1"]] }, vn_titles: { columns: ["id"], rows: [["v1"]] } }, { omit: ["db/vn_titles.header"] });
    await expectInputError(readDump(file, recorder(["vn", "vn_titles"]).consumer), /db\/vn_titles\.header missing from the dump; the mirror needs it/);
    await expectInputError(readDump(file, recorder(["vn", "tags_vn"]).consumer), /db\/tags_vn, db\/tags_vn\.header missing/);
  });

  it("stops as soon as the sorted archive is past a needed table that is not there", async () => {
    const file = path();
    await writeDump(file, { anime: { columns: ["id"], rows: [["1"]] }, vn: { columns: ["id"], rows: [["v1"]] } });
    const r = recorder(["chars", "vn"]);
    await expectInputError(readDump(file, r.consumer), /db\/chars, db\/chars\.header missing from the dump/);
    expect(r.got.vn).toBeUndefined(); // stopped at db/vn, before handing its rows over
    // A header missing mid-archive is found at the next table.
    const noHeader = path();
    await writeDump(noHeader, { chars: { columns: ["id"], rows: [["c1"]] }, vn: { columns: ["id"], rows: [["v1"]] } }, { omit: ["db/chars.header"] });
    const r2 = recorder(["chars", "vn"]);
    await expectInputError(readDump(noHeader, r2.consumer), /db\/chars\.header missing from the dump; the mirror needs it/);
    expect(r2.got.vn).toBeUndefined();
  });

  it("fails without TIMESTAMP or with a TIMESTAMP that is not a date", async () => {
    const a = path();
    await writeDump(a, { vn: { columns: ["id"], rows: [["v1"]] } }, { omit: ["TIMESTAMP"] });
    await expectInputError(readDump(a, recorder(["vn"]).consumer), /no TIMESTAMP file/);
    const b = path();
    await writeDump(b, { vn: { columns: ["id"], rows: [["v1"]] } }, { timestamp: "yesterday" });
    await expectInputError(readDump(b, recorder(["vn"]).consumer), /TIMESTAMP "yesterday" is not a date/);
  });

  it("fails on a row with the wrong number of values, naming table and line", async () => {
    const file = path();
    await writeDump(file, { vn: { columns: ["id", "olang"], rows: [["v1", "ja"], ["v2", "en"]] } }, { omit: ["db/vn.header"], extra: { "db/vn.header": "id\tolang\n" } });
    // Same header: passes. Now a header with one column more than the rows carry:
    const r = recorder(["vn"]);
    await readDump(file, r.consumer);
    expect(r.got.vn!.rows.length).toBe(2);
    const bad = path();
    await writeDump(bad, { vn: { columns: ["id", "olang"], rows: [["v1", "ja"]] } }, { omit: ["db/vn.header", "schema_plain.sql"], extra: { "db/vn.header": "id\tolang\tlength\n" } });
    await expectInputError(readDump(bad, recorder(["vn"]).consumer), /db\/vn line 1: 2 values for 3 columns/);
  });

  it("refuses what is not a zstd dump, saying what it is", async () => {
    const tar = path();
    await writeDump(tar, { vn: { columns: ["id"], rows: [["v1"]] } }, { compress: "none" });
    await expectInputError(readDump(tar, recorder(["vn"]).consumer), /an uncompressed tar, expected a VNDB database dump/);
    const html = path();
    writeFileSync(html, "<html><body>Not Found</body></html>\n");
    await expectInputError(readDump(html, recorder(["vn"]).consumer), /an HTML page/);
    const gz = path();
    writeFileSync(gz, Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3, 4, 5, 6, 7, 8]));
    await expectInputError(readDump(gz, recorder(["vn"]).consumer), /a gzip file/);
    await expectInputError(readDump(join(dir, "absent.tar.zst"), recorder(["vn"]).consumer), /cannot read it \(ENOENT\)/);
    const tiny = path();
    writeFileSync(tiny, Buffer.from([0x28, 0xb5, 0x2f, 0xfd]));
    await expectInputError(readDump(tiny, recorder(["vn"]).consumer), /too small/);
  });

  it("fails on a truncated archive wherever it is cut, on both zstd paths", async () => {
    const file = path();
    const rows = Array.from({ length: 20000 }, (_, i) => [`v${i + 1}`, `description ${i} `.repeat(5)]);
    await writeDump(file, { vn: { columns: ["id", "description"], rows } });
    const full = readFileSync(file);
    for (const fraction of [0.1, 0.5, 0.9, 0.9999]) {
      const cut = path();
      writeFileSync(cut, full.subarray(0, Math.floor(full.length * fraction)));
      for (const forceJsZstd of [false, true]) {
        await expectInputError(readDump(cut, recorder(["vn"]).consumer, undefined, { forceJsZstd }), /truncated/);
      }
    }
  });

  it("fails on a corrupt tar header (checksum)", async () => {
    const file = path();
    await writeDump(file, { vn: { columns: ["id"], rows: [["v1"]] } }, { compress: "zstd-raw" });
    const bytes = readFileSync(file);
    // Raw blocks store the tar as is after the 6-byte frame header and 3-byte block header:
    // flip a byte in the name of the first member.
    bytes[6 + 3 + 2] ^= 0x20;
    const bad = path();
    writeFileSync(bad, bytes);
    await expectInputError(readDump(bad, recorder(["vn"]).consumer), /bad tar header at byte 0 \(checksum\)/);
  });

  it("passes a consumer's MirrorInputError through (a needed column missing)", async () => {
    const file = path();
    await writeDump(file, { vn: { columns: ["id"], rows: [["v1"]] } });
    const consumer: DumpConsumer = {
      tables: new Set(["vn"]),
      table(name, columns) {
        if (!columns.includes("olang")) throw new MirrorInputError(`db/${name}: no column olang`);
        return { row() {} };
      },
    };
    await expectInputError(readDump(file, consumer), /db\/vn: no column olang/);
  });

  it("reports progress in compressed bytes up to the file size", async () => {
    const file = path();
    await writeDump(file, { vn: { columns: ["id"], rows: Array.from({ length: 5000 }, (_, i) => [`v${i}`]) } });
    let total = 0;
    let advanced = 0;
    await readDump(file, recorder(["vn"]).consumer, { stage: (_s, t) => { total = t ?? 0; }, advance: (k) => { advanced += k; }, done() {} });
    expect(total).toBe(readFileSync(file).length);
    expect(advanced).toBe(total);
  });
});
