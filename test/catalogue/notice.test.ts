// The ODbL attribution and the source list are present in NOTICE, in the catalogue's
// meta and in docs/catalogue.md.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ATTRIBUTION } from "../../scripts/catalogue/assemble.js";
import { loadCatalogue } from "../../src/emulator/catalogue/load.js";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");
const notice = read("NOTICE");
const docs = read("docs/catalogue.md");

describe("attribution", () => {
  it("NOTICE carries the attribution line the catalogue's meta carries", () => {
    expect(ATTRIBUTION).toBe("Data from VNDB.org, under the Open Database License.");
    expect(notice).toContain(ATTRIBUTION);
    expect(loadCatalogue().meta.attribution).toBe(ATTRIBUTION);
  });

  it.each([
    ["the ODbL", "Open Database License (ODbL) 1.0"],
    ["the DbCL", "Database Contents License (DbCL)"],
    ["the descriptions caveat", "may be subject to separate\nlicense conditions"],
    ["the tags dump source", "GoldenPotato137/PotatoVN"],
    ["the traits dump source", "kmod-midori/flutter-vndb"],
    ["the producers dump source", "fishyy119/vndb-dump"],
    ["the legacy API source", "Forlos/vndb_rs"],
    ["the calendar source", "Vinfall/VNDB-Calendar"],
    ["the sora list source", "Sora-o-tobu/vndb-site"],
    ["the descriptions source", "JiZPaper/VNDB-Description-Translations"],
    ["the manual-rows disclaimer", '"manual": true'],
  ])("NOTICE names %s", (_what, text) => {
    expect(notice).toContain(text);
  });

  it("docs/catalogue.md lists every test token of the catalogue", () => {
    for (const t of loadCatalogue().tokens) expect(docs).toContain(t.token);
  });
});
