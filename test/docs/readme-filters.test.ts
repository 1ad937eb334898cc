// The README's filter examples answer offline: each `filters` object of the table under
// "## Filters" is converted as the tools convert it (names resolved, raw strings parsed)
// and run by the emulator's engine over the bundled sample, and must find something.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createKanaResolver, type QueryFn } from "../../src/filters/resolver.js";
import { toPredicate } from "../../src/filters/to-predicate.js";
import { loadCatalogue } from "../../src/emulator/catalogue/load.js";
import { createDatabase } from "../../src/emulator/database.js";
import { executeQuery } from "../../src/emulator/engine/execute.js";
import { validateQuery } from "../../src/kana/validate-query.js";
import type { QueryEndpoint } from "../../src/kana/types.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const db = createDatabase(loadCatalogue());
const clock = { now: () => new Date() };

const query: QueryFn = async (endpoint, body) => {
  const v = validateQuery({ endpoint, contentType: "application/json", body: JSON.stringify(body), session: null });
  if (!v.ok) throw new Error(v.failure.message);
  const out = executeQuery(db, v.value, null, clock);
  if (!out.ok) throw new Error(out.failure.message);
  return out.body as { results: Record<string, unknown>[]; more: boolean };
};

/** Rows of the README's filter table: what it says, the endpoint it names, the filters object. */
export function readmeFilterExamples(readme: string): { what: string; endpoint: QueryEndpoint; filters: unknown }[] {
  const section = readme.slice(readme.indexOf("## Filters"));
  const rows = [...section.matchAll(/^\| (.+?) \| `(\{.*\})` \|$/gm)];
  return rows.map(([, what, json]) => {
    const on = /on `vndb_search_(\w+)`/.exec(what);
    return { what, endpoint: (on ? on[1] : "vn") as QueryEndpoint, filters: JSON.parse(json) };
  });
}

const examples = readmeFilterExamples(readFileSync(`${root}/README.md`, "utf8"));

describe("README filter examples answer offline (bundled sample)", () => {
  it("finds the table's seven examples", () => {
    expect(examples.length).toBe(7);
  });

  it.each(examples.map((e) => [e.what, e] as const))("%s", async (_what, { endpoint, filters }) => {
    const p = await toPredicate(endpoint, filters, createKanaResolver(query));
    if (!p.ok) throw new Error(p.message);
    const page = await query(endpoint, { filters: p.filters, fields: "id", results: 5 });
    expect(page.results.length).toBeGreaterThan(0);
  });
});
