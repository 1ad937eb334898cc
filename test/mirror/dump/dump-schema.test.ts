// src/mirror/dump/dump-schema.ts is generated from VNDB's source; where the checkout is present,
// regenerating it gives the committed file, and it holds the 51 tables of util/dbdump.pl.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DUMP_TABLES } from "../../../src/mirror/dump/dump-schema.js";
import { VNDB_REPO, generate } from "../../helpers/dump-schema-gen.js";

describe("dump schema", () => {
  it("lists the dump's 51 tables with their exported columns", () => {
    expect(Object.keys(DUMP_TABLES).length).toBe(51);
    expect(DUMP_TABLES.tags_vn!.columns.map((c) => c.name)).toEqual(["date", "tag", "vid", "uid", "vote", "spoiler", "ignore", "lie", "notes"]);
    expect(DUMP_TABLES.vn!.columns.map((c) => c.name)).toContain("c_image");
  });

  it.skipIf(!existsSync(VNDB_REPO))("is what the generator makes from VNDB's source", () => {
    expect(generate(VNDB_REPO)).toBe(readFileSync(new URL("../../../src/mirror/dump/dump-schema.ts", import.meta.url), "utf8"));
  });
});
