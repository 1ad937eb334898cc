// `about`: words in descriptions, through a real SDK client, on the offline sample (the catalogue
// preset that --embedded serves) with the same data in the process as the worker holds it.
// Expected entries are found by reading the sample's own descriptions here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalogue } from "../../src/emulator/catalogue/load.js";
import { localDataOver } from "../../src/local/local-data.js";
import { wordsOf } from "../../src/local/text-index.js";
import { startEmulated, type Emulated } from "../helpers/emulated-server.js";

const catalogue = loadCatalogue();
let offline: Emulated;
let live: Emulated;

type Described = { id: string; description: string; hidden?: boolean };
const visibleWords = (r: Described) => wordsOf(r.description.replace(/\[spoiler\][\s\S]*?\[\/spoiler\]/gi, " ")).map((w) => w.word);

/** The first entry with a word (6+ letters) that no other description of its kind holds, and that word. */
function entryWithRareWord<R extends Described>(rows: readonly R[]): { row: R; word: string } {
  const counts = new Map<string, number>();
  for (const r of rows) if (!r.hidden) for (const w of new Set(visibleWords(r))) counts.set(w, (counts.get(w) ?? 0) + 1);
  for (const row of rows) {
    if (row.hidden) continue;
    const word = visibleWords(row).filter((w) => w.length >= 6 && counts.get(w) === 1).sort()[0];
    if (word) return { row, word };
  }
  throw new Error("no description with a word of its own");
}

const { row: vn, word: vnWord } = entryWithRareWord(catalogue.vn);
const { row: character, word: characterWord } = entryWithRareWord(catalogue.character);

beforeAll(async () => {
  offline = await startEmulated({ preset: "catalogue", config: { embedded: true }, local: localDataOver("sample", () => ({ vn: catalogue.vn, character: catalogue.character }), () => null) });
  live = await startEmulated({ preset: "catalogue" });
});
afterAll(async () => {
  await offline?.close();
  await live?.close();
});

describe("vndb_search_vn {about}", () => {
  it("finds the VN whose description holds the words, best first, with the passage, then the page of its fields", async () => {
    const word = vnWord;
    const out = await offline.call("vndb_search_vn", { about: `the one with the ${word}` });
    expect(out.isError).toBe(false);
    expect(out.text).toMatch(/^Matched in descriptions in the offline sample \(\d+ VN descriptions, not all of VNDB\), best first/);
    expect(out.text).toContain(`1. ${vn.id} — “`);
    expect(out.text.split("\n").find((l) => l.startsWith("1. "))!.toLowerCase()).toContain(word.slice(0, 5));
    const results = out.structured!.results as { id: string }[];
    expect(results.map((r) => r.id)).toEqual([vn.id]);
    expect((out.structured!.about as { matches: { id: string }[] }).matches[0]!.id).toBe(vn.id);
  });

  it("applies the call's own filters to the matches, and says when none passes", async () => {
    const word = vnWord;
    const out = await offline.call("vndb_search_vn", { about: word, filters: { id: { ne: vn.id } } });
    expect(out.isError).toBe(false);
    expect(out.text).toMatch(/^1 VN description in the offline sample .* holds? the words, but none of those entries passes the filters given\.$/);
  });

  it("says so when no description holds the words", async () => {
    const out = await offline.call("vndb_search_vn", { about: "zzqxv" });
    expect(out.text).toMatch(/^No VN description in the offline sample \(\d+ VN descriptions, not all of VNDB\) holds any of the words of "zzqxv"\.$/);
    expect(out.structured!.results).toEqual([]);
  });

  it("against the live API, says it needs local data and what to do instead", async () => {
    const out = await live.call("vndb_search_vn", { about: "baseball practice" });
    expect(out.isError).toBe(true);
    expect(out.text).toContain("`about` searches what descriptions say, which VNDB's API cannot: it needs local data");
    expect(out.text).toContain("--mirror DIR");
  });
});

describe("vndb_search_character {about}", () => {
  it("finds the character whose description holds the word", async () => {
    const word = characterWord;
    const out = await offline.call("vndb_search_character", { about: word });
    expect(out.isError).toBe(false);
    expect(out.text).toContain(`1. ${character.id} — “`);
    expect((out.structured!.results as { id: string }[]).map((r) => r.id)).toEqual([character.id]);
  });

  it("is not offered where there are no descriptions to search (releases)", async () => {
    const listed = await offline.client.listTools();
    const props = (name: string) => Object.keys((listed.tools.find((t) => t.name === name)!.inputSchema as { properties: Record<string, unknown> }).properties);
    expect(props("vndb_search_vn")).toContain("about");
    expect(props("vndb_search_character")).toContain("about");
    expect(props("vndb_search_release")).not.toContain("about");
  });
});
