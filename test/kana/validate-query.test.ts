import { describe, expect, it } from "vitest";
import {
  hasRankableSearch,
  INVALID_QUERY_BODY,
  SEARCHRANK_UNAVAILABLE,
  ULIST_MISSING_USER,
  validateQuery,
} from "../../src/kana/validate-query.js";
import type { Filter, QueryEndpoint, Session } from "../../src/kana/types.js";

const JSON_TYPE = "application/json";
const u2: Session = { userId: "u2", userName: "testuser", listread: true, listwrite: true };

// contentType is passed through as given: undefined means "no header", not "the default".
function run(body: string, endpoint: QueryEndpoint, contentType: string | undefined, session: Session | null) {
  return validateQuery({ endpoint, contentType, body, session });
}

function messageOf(body: string, endpoint: QueryEndpoint = "vn", ...type: [string | undefined] | []): string {
  const r = run(body, endpoint, type.length === 0 ? JSON_TYPE : type[0], null);
  return r.ok ? "OK" : `${r.failure.status} ${r.failure.message}`;
}

describe("body parsing (reference §1.5, §5.2 step 3)", () => {
  it.each([
    ["[]", JSON_TYPE],
    ['"x"', JSON_TYPE],
    ["null", JSON_TYPE],
    ["5", JSON_TYPE],
    ["", JSON_TYPE],
    ["{bad", JSON_TYPE],
    ["{'results':1}", JSON_TYPE],
    ['{"results":1 2}', JSON_TYPE],
    ['{"results":1,"results":2}', JSON_TYPE],
    ['{"results":NaN}', JSON_TYPE],
    ['{"results":1}', undefined],
    ['{"results":1}', "text/plain"],
    ['{"results":1}', "application/json; charset=latin1"],
    ['{"results":1}', "application/json;charset=utf-16"],
    ['{"results":1}', "application/jsonx"],
    ['{"results":1}', "application/json; boundary=x"],
  ])("%j with %s is refused", (body, type) => {
    expect(messageOf(body, "vn", type)).toBe(`400 ${INVALID_QUERY_BODY}`);
  });

  it.each([
    ["application/json"],
    ["APPLICATION/JSON"],
    ["application/json; charset=UTF-8"],
    ["application/json;charset=utf8"],
  ])("Content-Type %s is accepted", (type) => {
    expect(messageOf('{"results":1}', "vn", type)).toBe("OK");
  });

  it("accepts surrounding JSON whitespace", () => {
    expect(messageOf('\n{"results":1} ')).toBe("OK");
  });
});

describe("member validation (reference §5.1, §5.2)", () => {
  it.each([
    ['{"results":101}', "400 Invalid 'results' member."],
    ['{"results":-1}', "400 Invalid 'results' member."],
    ['{"results":5.5}', "400 Invalid 'results' member."],
    ['{"results":"05"}', "400 Invalid 'results' member."],
    ['{"results":"abc"}', "400 Invalid 'results' member."],
    ['{"page":0}', "400 Invalid 'page' member."],
    ['{"page":1000001}', "400 Invalid 'page' member."],
    ['{"reverse":1}', "400 Invalid 'reverse' member."],
    ['{"reverse":0}', "400 Invalid 'reverse' member."],
    ['{"reverse":"true"}', "400 Invalid 'reverse' member."],
    ['{"count":{}}', "400 Invalid 'count' member."],
    ['{"compact_filters":[]}', "400 Invalid 'compact_filters' member."],
    ['{"normalized_filters":"1"}', "400 Invalid 'normalized_filters' member."],
    ['{"time":"yes"}', "400 Invalid 'time' member."],
    // FU's bool is an untrimmed `any` validation: a blank string is a non-boolean, not empty.
    ['{"reverse":" "}', "400 Invalid 'reverse' member."],
    ['{"count":"\\u00a0"}', "400 Invalid 'count' member."],
    ['{"compact_filters":"\\r"}', "400 Invalid 'compact_filters' member."],
    ['{"sort":"foo"}', "400 Invalid 'sort' member."],
    ['{"sort":"ID"}', "400 Invalid 'sort' member."],
    ['{"sort":["id"]}', "400 Invalid 'sort' member."],
    ['{"user":"x1"}', "400 Invalid 'user' member."],
    ['{"user":"u0"}', "400 Invalid 'user' member."],
    ['{"user":"u02"}', "400 Invalid 'user' member."],
    ['{"user":"u10000000"}', "400 Invalid 'user' member."],
    ['{"user":-2}', "400 Invalid 'user' member."],
    ['{"fields":["title"]}', "400 Invalid 'fields' member."],
    ['{"fields":{}}', "400 Invalid 'fields' member."],
    ['{"fields":"image"}', "400 Invalid 'fields' member: The 'image' object requires specifying sub-field(s)."],
    ['{"fields":5}', "400 Invalid 'fields' member: Field '5' not found"],
    ['{"fields":1.5}', "400 Invalid 'fields' member: Field '1' not found"],
    // Numbers are read as the text Perl prints for them (%.15g for floats).
    ['{"fields":1e20}', "400 Invalid 'fields' member: Field '1e+20' not found"],
    ['{"fields":1e-7}', "400 Invalid 'fields' member: Field '1e-07' not found"],
    ['{"foo":1,"results":500}', "400 Unknown member 'foo'."],
    ['{"Results":1}', "400 Unknown member 'Results'."],
    ['{"fields ":1}', "400 Unknown member 'fields '."],
    ['{"__proto__":1}', "400 Unknown member '__proto__'."],
    // The alphabetically first invalid member wins.
    ['{"results":101,"page":0}', "400 Invalid 'page' member."],
    ['{"time":1,"user":"x"}', "400 Invalid 'time' member."],
    ['{"user":"x","count":1}', "400 Invalid 'count' member."],
    ['{"sort":"x","fields":"foo"}', "400 Invalid 'fields' member: Field 'foo' not found"],
  ])("%s → %s", (body, expected) => {
    expect(messageOf(body)).toBe(expected);
  });

  it.each([
    ['{"sort":"searchrank"}', "quote", "400 Invalid 'sort' member."],
    ['{"sort":"score"}', "vn", "400 Invalid 'sort' member."],
    ['{"sort":"score"}', "quote", "OK"],
    ['{"sort":"vote"}', "vn", "400 Invalid 'sort' member."],
    ['{"sort":"char_count"}', "trait", "OK"],
  ] as const)("%s on /%s → %s", (body, endpoint, expected) => {
    expect(messageOf(body, endpoint)).toBe(expected);
  });
});

describe("member coercions", () => {
  const value = (body: string, endpoint: QueryEndpoint = "vn") => {
    const r = run(body, endpoint, JSON_TYPE, null);
    if (!r.ok) throw new Error(r.failure.message);
    return r.value;
  };

  it("applies the documented defaults", () => {
    expect(value("{}")).toMatchObject({
      filters: null,
      fields: {},
      sort: "id",
      reverse: false,
      results: 10,
      page: 1,
      count: false,
      user: null,
      time: false,
    });
  });

  it.each([
    ['{"results":"0"}', { results: 0 }],
    ['{"results":0.0}', { results: 0 }],
    ['{"results":true}', { results: 1 }],
    ['{"results":false}', { results: 10 }],
    ['{"results":null}', { results: 10 }],
    ['{"results":" 7 "}', { results: 7 }],
    ['{"page":"3"}', { page: 3 }],
    ['{"page":2.0}', { page: 2 }],
    ['{"page":true}', { page: 1 }],
    ['{"reverse":true}', { reverse: true }],
    ['{"reverse":null}', { reverse: false }],
    ['{"time":""}', { time: false }],
    ['{"sort":" id "}', { sort: "id" }],
    ['{"sort":""}', { sort: "id" }],
    ['{"sort":null}', { sort: "id" }],
    ['{"user":"u2"}', { user: "u2" }],
    ['{"user":2}', { user: "u2" }],
    ['{"user":true}', { user: "u1" }],
    ['{"user":null}', { user: null }],
    ['{"user":"\\u00a0u3\\u3000"}', { user: "u3" }],
    ['{"fields":" title "}', { fields: { title: true } }],
    ['{"fields":""}', { fields: {} }],
    ['{"fields":null}', { fields: {} }],
  ])("%s → %j", (body, expected) => {
    expect(value(body)).toMatchObject(expected);
  });

  it("does not trim U+FEFF (not whitespace for the service)", () => {
    expect(messageOf('{"sort":"\\ufeffid"}')).toBe("400 Invalid 'sort' member.");
  });
});

describe("size estimate and searchrank order (§5.2 steps 5, 6)", () => {
  it("refuses too much data after member validation", () => {
    expect(messageOf('{"fields":"relations{relations{tags{id,name,rating}}}","results":100}')).toBe(
      "400 Too much data selected (estimated 137600 fields)",
    );
    expect(messageOf('{"fields":"relations{relations{tags{id,name,rating}}}","results":0}')).toBe("OK");
    expect(messageOf('{"fields":"relations{relations{tags{id,name,rating}}}","results":101}')).toBe(
      "400 Invalid 'results' member.",
    );
  });

  it("refuses searchrank without a search, after the estimate", () => {
    expect(messageOf('{"sort":"searchrank"}')).toBe(`400 ${SEARCHRANK_UNAVAILABLE}`);
    expect(messageOf('{"sort":"searchrank","fields":"relations{relations{tags{id,name,rating}}}","results":100}')).toBe(
      "400 Too much data selected (estimated 137600 fields)",
    );
  });
});

describe("hasRankableSearch (§7)", () => {
  it.each([
    [null, false],
    [["search", "=", "fate"], true],
    [["search", "!=", "fate"], false],
    [["search", "=", null], false],
    [["search", "=", "!!!"], false],
    [["search", "=", " - "], false],
    [["and", ["search", "=", "fate"], ["id", ">", "v1"]], true],
    [["and", ["search", "=", "fate"], ["search", "!=", "x"]], true],
    [["and", ["search", "=", "fate"], ["search", "=", "fate stay"]], false],
    [["and", ["search", "=", null], ["id", ">", "v1"]], false],
    [["and", ["search", "=", "!!!"], ["search", "=", "fate"]], true],
    // An empty search is still a search (extract_searchquery tests the value's type), so
    // after a search with words it disqualifies the query; before one it is replaced.
    [["and", ["search", "=", "fate"], ["search", "=", null]], false],
    [["and", ["search", "=", null], ["search", "=", "fate"]], true],
    [["and", ["search", "=", null], ["search", "=", null]], false],
    [["and", ["and", ["search", "=", "fate"]]], false],
    [["or", ["search", "=", "fate"]], false],
    [["id", "=", "v17"], false],
  ] as const)("%j → %s", (filter, expected) => {
    expect(hasRankableSearch(filter as unknown as Filter | null)).toBe(expected);
  });
});

describe("/ulist user rule (§11)", () => {
  it.each([
    ['{"results":0}', null, "OK"],
    ['{"results":3}', null, `400 ${ULIST_MISSING_USER}`],
    ["{}", null, `400 ${ULIST_MISSING_USER}`],
    ['{"results":3,"user":"u2"}', null, "OK"],
    ['{"results":3,"user":2}', null, "OK"],
    ['{"results":3}', u2, "OK"],
    ['{"results":0,"count":true,"user":"u2"}', null, `400 ${ULIST_MISSING_USER}`],
    ['{"results":0,"count":true}', u2, `400 ${ULIST_MISSING_USER}`],
    ['{"results":5,"count":true,"user":"u2"}', null, "OK"],
    ['{"results":3,"sort":"nosuch"}', null, "400 Invalid 'sort' member."],
  ] as const)("%s as %j → %s", (body, session, expected) => {
    const r = run(body, "ulist", JSON_TYPE, session);
    expect(r.ok ? "OK" : `${r.failure.status} ${r.failure.message}`).toBe(expected);
  });

  it("does not apply to other endpoints", () => {
    expect(messageOf('{"results":3}', "vn")).toBe("OK");
  });
});
