// Site URL parsing for the extlink filter.
import { describe, expect, it } from "vitest";
import { EXTLINK_SITES } from "../../src/schema/index.js";
import { FILTERABLE_SITES, isFilterableSite, parseExtlinkUrl } from "../../src/kana/extlinks.js";

describe("parseExtlinkUrl", () => {
  it.each<[string, [string, string] | null]>([
    ["https://store.steampowered.com/app/702050/", ["steam", "702050"]],
    ["http://store.steampowered.com/app/702050", ["steam", "702050"]],
    ["https://steamdb.info/app/0702050/", ["steam", "702050"]],
    ["https://x.com/someone", ["twitter", "someone"]],
    ["https://twitter.com/someone?lang=en", ["twitter", "someone"]],
    ["https://www.dlsite.com/maniax/work/=/product_id/RJ123456.html", ["dlsite", "RJ123456"]],
    ["https://apps.apple.com/jp/app/id123456789", ["appstore", "123456789"]],
    ["https://someone.itch.io/some-game", ["itch", "someone/some-game"]],
    ["https://someone.itch.io/", ["itch_dev", "someone"]],
    ["https://www.patreon.com/someone", ["patreon", "someone"]],
    ["https://www.patreon.com/posts/some-post-1234", ["patreonp", "1234"]],
    ["https://vndb.org/u1234#top", ["vndb", "u1234"]],
    ["https://example.com/", null],
    ["http://store.steampowered.com/app/abc", null],
    ["ftp://store.steampowered.com/app/1/", null],
  ])("%s", (url, expected) => {
    expect(parseExtlinkUrl(url)).toEqual(expected);
  });

  // Every site of GET /schema recognises its own URL shape (format with sample values).
  const SAMPLES: Record<string, string[]> = {
    dlsite: ["home", "RJ123456"], dmm: ["www.dmm.com/dc/doujin/-/detail/=/cid=d_1/"], freegame: ["adventure/game_1"],
    mbrainz: ["0a1b2c3d-0a1b-0a1b-0a1b-0a1b2c3d4e5f"], substar: ["adult/someone"], vndb: ["u1234"],
    playstation_eu: ["EP1234-ABCD12345_00-ABCDEFGHIJKLMNOP"], playstation_hk: ["HP1234-ABCD12345_00-ABCDEFGHIJKLMNOP"],
    playstation_jp: ["JP1234-ABCD12345_00-ABCDEFGHIJKLMNOP"], playstation_na: ["UP1234-ABCD12345_00-ABCDEFGHIJKLMNOP"],
  };
  const cases = Object.values(EXTLINK_SITES).flat().map((s) => [s.name, s.urlFormat] as const);
  it.each(cases)("%s: %s", (name, format) => {
    const values = SAMPLES[name] ?? ["someone", "other"];
    let i = 0;
    const url = format.replace(/%(0?\d*)([sd])/g, (_m, width: string, t: string) =>
      t === "d" ? String(1234 + i++).padStart(Number(width || 0), "0") : values[i++]!,
    );
    expect(parseExtlinkUrl(url)?.[0]).toBe(name);
  });
});

describe("filterable site names", () => {
  it("include every GET /schema site and the name-only sites", () => {
    for (const s of Object.values(EXTLINK_SITES).flat()) expect(isFilterableSite(s.name)).toBe(true);
    for (const name of ["website", "dlsiteen", "encubed", "erotrail"]) expect(isFilterableSite(name)).toBe(true);
  });
  it("exclude unknown and differently spelled names", () => {
    for (const name of ["Steam", " steam", "wikidata_x", "enwiki", ""]) expect(isFilterableSite(name)).toBe(false);
    expect(FILTERABLE_SITES).toEqual([...FILTERABLE_SITES].sort());
  });
});
