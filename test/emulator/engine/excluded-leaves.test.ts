// An exact `!=` under `and`/`or` is resolved from the rows its `=` matches (candidates.ts
// Excluded), not from a list of nearly the whole table: the indexed answer must equal a full
// scan for every way such leaves combine (alone, beside `=` leaves, with residuals, nested,
// several at once), on the bundled catalogue, whose tags, languages and ids make the sets
// neither empty nor whole.
import { describe, expect, it } from "vitest";
import { loadCatalogue } from "../../../src/emulator/catalogue/load.js";
import { createDatabase } from "../../../src/emulator/database.js";
import { executeQuery } from "../../../src/emulator/engine/execute.js";
import { clock, request } from "./fixture.js";

const db = createDatabase(loadCatalogue(), { today: 20240615 });
const ne = (f: unknown[]) => [f[0], "!=", f[2]];
// Tag values as validation leaves them ([id, max spoiler, min level, no lies]): the
// predicates read that form (validate-query.ts normalises a bare id into it).
const TAG = ["tag", "=", ["g23", 0, 0, 0]];
const TAG2 = ["tag", "=", ["g19", 1, 0, 0]];
const DTAG = ["dtag", "=", ["g96", 0, 0, 0]];
const LANG = ["lang", "=", "en"];
const ID = ["id", "=", "v17"];
/** Residual only: a search of two words. */
const WORDS = ["search", "=", "little sister"];

const FILTERS: unknown[][] = [
  ne(DTAG),
  ["and", TAG, ne(DTAG)],
  ["and", ne(DTAG), ne(LANG)],
  ["and", ne(DTAG), WORDS],
  ["and", TAG, ne(DTAG), WORDS],
  ["or", TAG2, ne(DTAG)],
  ["or", ne(DTAG), ne(LANG)],
  ["or", ne(ID), ID],
  ["or", ne(DTAG), WORDS],
  ["and", TAG, ["or", TAG2, ne(DTAG)]],
  ["and", ["or", ne(TAG), ne(LANG)], TAG2],
  ["or", ["and", ne(DTAG), ne(LANG)], ID],
  ["and", ["or", ne(DTAG), LANG], ["or", ne(TAG2), ID]],
];

describe("exact != leaves under and/or", () => {
  it("match the rows a full scan matches", () => {
    let nonEmpty = 0;
    for (const filters of FILTERS) {
      const q = request("vn", { filters: filters as never, fields: { title: true } as never, results: 100000, sort: "id" });
      const indexed = executeQuery(db, q, null, clock);
      const scanned = executeQuery(db, q, null, clock, { scan: true });
      expect(indexed.ok && scanned.ok).toBe(true);
      const ids = (o: typeof indexed) => (o.ok ? (o.body.results as { id: string }[]).map((r) => r.id) : []);
      expect(ids(indexed), JSON.stringify(filters)).toEqual(ids(scanned));
      const n = ids(scanned).length;
      if (n > 0 && n < db.catalogue.vn.length) nonEmpty++;
    }
    // Not vacuous: most filters keep some rows and drop others.
    expect(nonEmpty).toBeGreaterThan(FILTERS.length - 3);
  }, 120_000);
});
