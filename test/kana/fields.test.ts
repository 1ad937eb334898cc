import { describe, expect, it } from "vitest";
import {
  estimateFieldCount,
  FIELD_MULTIPLIERS,
  formatFields,
  MAX_ESTIMATED_FIELDS,
  parseFields,
  tooMuchDataMessage,
} from "../../src/kana/fields.js";
import type { FieldSelection, QueryEndpoint } from "../../src/kana/types.js";

describe("parseFields errors (reference §5.4)", () => {
  it.each([
    ["vn", "foo", "Field 'foo' not found"],
    ["vn", "image url", "Field 'image url' not found"],
    ["vn", "image..url", "Field '' not found"],
    ["vn", "image.{url}", "Field '' not found"],
    ["vn", "..", "Field '' not found"],
    ["vn", "image", "The 'image' object requires specifying sub-field(s)."],
    ["vn", "extlinks", "The 'extlinks' object requires specifying sub-field(s)."],
    ["vn", "image,title", "The 'image' object requires specifying sub-field(s)."],
    ["vn", "image}", "The 'image' object requires specifying sub-field(s)."],
    ["vn", "va{staff}", "The 'staff' object requires specifying sub-field(s)."],
    ["vn", "image{}", "Expected (sub)field, got '}'"],
    ["vn", "}", "Expected (sub)field, got '}'"],
    ["vn", "{}", "Expected (sub)field, got '}'"],
    ["vn", ",title", "Expected (sub)field, got comma"],
    ["vn", "title,,id", "Expected (sub)field, got comma"],
    ["vn", "image{url,,dims}", "Expected (sub)field, got comma"],
    ["vn", "title,", "Unmatched '{'"],
    ["vn", "image{url", "Unmatched '{'"],
    ["vn", "{", "Unmatched '{'"],
    ["vn", "image{url}}", "Unmatched '}'"],
    ["vn", "title}", "Unmatched '}'"],
    ["vn", "image.url{x}", "Unexpected '{' after non-object field 'url'"],
    ["release", "platforms{x}", "Unexpected '{' after non-object field 'platforms'"],
    ["vn", "title.foo", "Sub-field specified for non-object 'title'"],
    ["vn", "languages.x", "Sub-field specified for non-object 'languages'"],
    ["vn", "image{url}.dims", "Unexpected (sub)field after non-object field"],
    ["vn", "image{url}title", "Unexpected (sub)field after non-object field"],
    ["vn", "titles{lang}x", "Unexpected (sub)field after non-object field"],
    ["vn", "image.", "Expected name after '.'"],
    ["vn", "relations.relations.", "Expected name after '.'"],
    ["quote", "aliases", "Field 'aliases' not found"],
    ["vn", "Title", "Field 'Title' not found"],
    ["vn", "_inherit", "Field '_inherit' not found"],
    ["vn", "relations._inherit", "Field '_inherit' not found"],
    ["vn", "toString", "Field 'toString' not found"],
  ] as const)("%s %j → %s", (endpoint, text, message) => {
    expect(parseFields(endpoint, text)).toEqual({ ok: false, message });
  });
});

describe("parseFields selections", () => {
  it.each([
    ["vn", "title", { title: true }],
    ["vn", "image.url", { image: { url: true } }],
    ["vn", "image . url", { image: { url: true } }],
    ["vn", "image{ url , dims }", { image: { url: true, dims: true } }],
    ["vn", "{title,image.url}", { title: true, image: { url: true } }],
    ["vn", "{{title}}", { title: true }],
    ["vn", "id,id,title,title", { id: true, title: true }],
    ["vn", "image.url,image.dims", { image: { url: true, dims: true } }],
    ["vn", "va{staff{name},character.name}", { va: { staff: { name: true }, character: { name: true } } }],
    ["vn", "relations{relation,relations{title}}", { relations: { relation: true, relations: { title: true } } }],
    ["release", "platforms", { platforms: true }],
    ["ulist", "vn.developers.extlinks.label", { vn: { developers: { extlinks: { label: true } } } }],
  ] as const)("%s %j", (endpoint, text, selection) => {
    expect(parseFields(endpoint, text)).toEqual({ ok: true, selection });
  });
});

describe("formatFields", () => {
  it.each([
    [{ title: true }, "title"],
    [{ title: true, image: { url: true } }, "image.url,title"],
    [{ image: { url: true, dims: true } }, "image{dims,url}"],
    [{ va: { staff: { name: true, id: true }, note: true } }, "va{note,staff{id,name}}"],
  ] as const)("%j → %s", (selection, text) => {
    expect(formatFields(selection as FieldSelection)).toBe(text);
  });

  it.each(["relations{relation,relations{title,image.url}},tags{rating,name}", "va{staff{name},character.name},title"])(
    "round-trips %s",
    (text) => {
      const first = parseFields("vn", text);
      if (!first.ok) throw new Error(first.message);
      const again = parseFields("vn", formatFields(first.selection));
      expect(again).toEqual(first);
    },
  );
});

describe("estimateFieldCount (reference §5.5)", () => {
  const estimate = (endpoint: QueryEndpoint, fields: string, results: number): number => {
    const p = parseFields(endpoint, fields);
    if (!p.ok) throw new Error(p.message);
    return estimateFieldCount(endpoint, p.selection, results);
  };

  it.each([
    // Worked examples of the reference.
    ["vn", "tags.name", 100, (2 + 2 * 50) * 100],
    ["vn", "relations{relations{tags{id,name,rating}}}", 100, 137600],
    // By hand: implicit id + selected keys, nested objects times their multiplier.
    ["vn", "title", 10, 2 * 10],
    ["vn", "id,title", 10, 2 * 10],
    ["vn", "titles.lang", 1, 2 + 1 * 3], // titles has no id
    ["vn", "image.url", 1, 2 + 2 * 1], // image has an id, counts once
    ["vn", "va{note}", 1, 2 + 1 * 10], // va has no id
    ["vn", "va.staff.name", 1, 2 + (1 + (2 * 1)) * 10],
    ["character", "traits.name", 1, 2 + 2 * 30],
    ["ulist", "vn.tags.name", 1, 2 + (2 + 2 * 50) * 1],
    ["quote", "vn.title", 100, (2 + 2) * 100],
    ["vn", "tags.name", 0, 0],
  ] as const)("%s %s × %i = %i", (endpoint, fields, results, expected) => {
    expect(estimate(endpoint, fields, results)).toBe(expected);
  });

  it("refuses above the limit with the service's wording", () => {
    expect(MAX_ESTIMATED_FIELDS).toBe(100000);
    expect(tooMuchDataMessage(137600)).toBe("Too much data selected (estimated 137600 fields)");
  });

  it("has a multiplier row for object fields only", () => {
    for (const [endpoint, field] of FIELD_MULTIPLIERS) {
      const p = parseFields(endpoint, field);
      expect(p, `${endpoint}.${field}`).toEqual({
        ok: false,
        message: `The '${field}' object requires specifying sub-field(s).`,
      });
    }
  });
});
