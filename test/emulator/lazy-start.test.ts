// The first query reads and indexes only the tables it needs: the bundled catalogue reads a
// table's file when the table is first read, and the database builds each index on first
// use. A VN search over the bundled data leaves the tags, characters, staff and traits unread;
// reading them later gives the same rows an eager read does.
import { describe, expect, it } from "vitest";
import { defaultCatalogueDir, loadCatalogue, readCatalogueFiles } from "../../src/emulator/catalogue/load.js";
import { buildAll, createDatabase } from "../../src/emulator/database.js";
import { executeQuery } from "../../src/emulator/engine/execute.js";
import { clock, request } from "./engine/fixture.js";

/** Is the catalogue's table still unread (its getter not yet replaced by the rows)? */
const unread = (c: object, table: string) => Object.getOwnPropertyDescriptor(c, table)?.get !== undefined;

describe("lazy start", () => {
  it("a first VN search reads VNs and releases, not tags, characters, staff or traits", () => {
    const catalogue = loadCatalogue();
    const db = createDatabase(catalogue, { today: 20261125 });
    const out = executeQuery(db, request("vn", { filters: ["search", "=", "ever17"], fields: { title: true, released: true, rating: true }, sort: "searchrank" }), null, clock);
    expect(out.ok && (out.body.results as { id: string }[]).map((r) => r.id)).toContain("v17");
    for (const table of ["vn", "release"]) expect(unread(catalogue, table), table).toBe(false);
    for (const table of ["tag", "character", "staff", "trait", "quote", "producer"]) expect(unread(catalogue, table), table).toBe(true);
  });

  it("read later (and every index built), the tables equal an eager read of the files", () => {
    const catalogue = loadCatalogue();
    buildAll(createDatabase(catalogue));
    const eager = readCatalogueFiles(defaultCatalogueDir());
    for (const table of ["character", "staff", "trait", "release"] as const) expect(catalogue[table]).toEqual(eager[table]);
  });
});
