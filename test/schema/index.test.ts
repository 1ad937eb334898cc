import { describe, expect, it } from "vitest";
import {
  API_FIELDS,
  EXTLINK_SITES,
  fieldAt,
  LANGUAGE_IDS,
  MEDIUM,
  PLATFORM_IDS,
  STAFF_ROLE_IDS,
  subFields,
} from "../../src/schema/index.js";
import snapshot from "../../src/schema/snapshot.json" with { type: "json" };

describe("generated schema tables", () => {
  it("carry every enum entry of the snapshot in order", () => {
    expect([...LANGUAGE_IDS]).toEqual(snapshot.enums.language.map((e) => e.id));
    expect([...PLATFORM_IDS]).toEqual(snapshot.enums.platform.map((e) => e.id));
    expect([...STAFF_ROLE_IDS]).toEqual(snapshot.enums.staff_role.map((e) => e.id));
    expect(MEDIUM.map((m) => m.plural)).toEqual(snapshot.enums.medium.map((e) => e.plural));
  });

  it("carry every extlink site with label and url format", () => {
    for (const [path, sites] of Object.entries(snapshot.extlinks)) {
      const entity = path.slice(1) as keyof typeof EXTLINK_SITES;
      expect(EXTLINK_SITES[entity].map((s) => [s.name, s.label, s.urlFormat])).toEqual(
        sites.map((s) => [s.name, s.label, s.url_format]),
      );
    }
  });

  it("keep _inherit as a reference instead of expanding it", () => {
    expect(API_FIELDS.vn.fields.relations?.inherit).toBe("vn");
    expect(Object.keys(API_FIELDS.vn.fields.relations!.fields).sort()).toEqual(["relation", "relation_official"]);
  });
});

describe("lazy resolution of sub-fields", () => {
  it.each([
    // [endpoint, path, expected: "leaf" | "object" | "missing"]
    ["vn", ["title"], "leaf"],
    ["vn", ["image", "url"], "leaf"],
    ["vn", ["relations", "relation"], "leaf"],
    ["vn", ["relations", "title"], "leaf"],
    ["vn", ["relations", "relations", "relations", "tags", "name"], "leaf"],
    ["vn", ["developers", "extlinks", "url"], "leaf"],
    ["vn", ["va", "character", "vns", "release", "title"], "leaf"],
    ["vn", ["tags"], "object"],
    ["character", ["vns", "release"], "object"],
    ["ulist", ["vn", "screenshots", "release", "producers", "developer"], "leaf"],
    ["vn", ["relations", "relation", "x"], "missing"],
    ["vn", ["_inherit"], "missing"],
    ["vn", ["image", "rtype"], "missing"],
    ["quote", ["aliases"], "missing"],
    ["vn", ["constructor"], "missing"],
  ] as const)("%s %j is %s", (endpoint, path, expected) => {
    const def = fieldAt(endpoint, path);
    const kind = def === undefined ? "missing" : def === null ? "leaf" : "object";
    expect(kind).toBe(expected);
  });

  it("returns the inherited definition objects themselves", () => {
    expect(subFields(API_FIELDS.vn.fields.relations!).get("tags")).toBe(API_FIELDS.vn.fields.tags);
  });
});
