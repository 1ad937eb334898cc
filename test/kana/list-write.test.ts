import { describe, expect, it } from "vitest";
import {
  applyLabelPatch,
  checkUlistLabels,
  matchListRoute,
  validateRlistPatch,
  validateUlistPatch,
  wantedLabels,
  type UlistPatch,
} from "../../src/kana/list-write.js";

const JSON_TYPE = "application/json";

// `type` is passed through as given: undefined means "no Content-Type header".
const ulist = (body: string, ...type: [string | undefined] | []) => {
  const r = validateUlistPatch(type.length === 0 ? JSON_TYPE : type[0], body);
  return r.ok ? r.value : `${r.failure.status} ${r.failure.message}`;
};
const rlist = (body: string, type: string | undefined = JSON_TYPE) => {
  const r = validateRlistPatch(type, body);
  return r.ok ? r.value : `${r.failure.status} ${r.failure.message}`;
};

describe("matchListRoute (reference §1.1)", () => {
  it.each([
    ["/ulist/v17", { kind: "ulist", id: "v17" }],
    ["/ulist/v9999999", { kind: "ulist", id: "v9999999" }],
    ["/rlist/r12", { kind: "rlist", id: "r12" }],
    ["/ulist/v0", null],
    ["/ulist/v017", null],
    ["/ulist/V17", null],
    ["/ulist/17", null],
    ["/ulist/v10000000", null],
    ["/ulist/", null],
    ["/ulist/v17/", null],
    ["/ulist/v17/x", null],
    ["/ulist/r12", null],
    ["/rlist/v17", null],
    ["/rlist/R12", null],
  ] as const)("%s → %j", (path, expected) => {
    expect(matchListRoute(path)).toEqual(expected);
  });
});

describe("PATCH /ulist body (reference §12.1, §12.2)", () => {
  it.each([
    ["{}", {}],
    ['{"vote":10}', { vote: 10 }],
    ['{"vote":100}', { vote: 100 }],
    ['{"vote":"60"}', { vote: 60 }],
    ['{"vote":70.0}', { vote: 70 }],
    ['{"vote":1e2}', { vote: 100 }],
    ['{"vote":null}', { vote: null }],
    ['{"notes":null}', { notes: "" }],
    ['{"notes":"   "}', { notes: "" }],
    ['{"notes":" a\\r\\nb "}', { notes: "a\nb" }],
    ['{"notes":true}', { notes: "1" }],
    ['{"started":"1970-01-01"}', { started: "1970-01-01" }],
    ['{"started":" 2022-01-05 "}', { started: "2022-01-05" }],
    ['{"finished":"2022-02-30"}', { finished: "2022-02-30" }],
    ['{"labels":[1,2]}', { labels: [1, 2] }],
    ['{"labels":[]}', { labels: [] }],
    ['{"labels":null}', { labels: [] }],
    ['{"labels":""}', { labels: [] }],
    ['{"labels_set":false}', { labelsSet: [] }],
    ['{"labels":[" 3 "]}', { labels: [3] }],
    ['{"labels":[true]}', { labels: [1] }],
    ['{"labels":[1600]}', { labels: [1600] }],
    ['{"labels":[7]}', { labels: [7] }], // refused later, by checkUlistLabels
    ['{"labels_set":[3,4],"labels_unset":[4,5]}', { labelsSet: [3, 4], labelsUnset: [4, 5] }],
  ])("%s → %j", (body, expected) => {
    expect(ulist(body)).toEqual(expected);
  });

  it.each([
    ["[]", "400 Invalid request body."],
    ["true", "400 Invalid request body."],
    ["", "400 Invalid request body."],
    ['{"vote":}', "400 Invalid request body."],
    ['{"vote":60}x', "400 Invalid request body."],
    ['{"vote":60,"vote":70}', "400 Invalid request body."],
    ['{"foo":1}', "400 Unknown member 'foo'."],
    ['{"uid":1,"vote":5}', "400 Unknown member 'uid'."],
    ['{"vote":9}', "400 Invalid 'vote' member."],
    ['{"vote":101}', "400 Invalid 'vote' member."],
    ['{"vote":70.5}', "400 Invalid 'vote' member."],
    ['{"vote":"abc"}', "400 Invalid 'vote' member."],
    ['{"vote":{}}', "400 Invalid 'vote' member."],
    ['{"vote":true}', "400 Invalid 'vote' member."], // reads as 1, below 10
    ['{"notes":[]}', "400 Invalid 'notes' member."],
    ['{"started":null}', "400 Invalid 'started' member."],
    ['{"started":""}', "400 Invalid 'started' member."],
    ['{"started":"1969-12-31"}', "400 Invalid 'started' member."],
    ['{"started":"2100-01-01"}', "400 Invalid 'started' member."],
    ['{"started":"2022-13-01"}', "400 Invalid 'started' member."],
    ['{"started":"2022-01-32"}', "400 Invalid 'started' member."],
    ['{"started":"2022-1-5"}', "400 Invalid 'started' member."],
    ['{"started":20220105}', "400 Invalid 'started' member."],
    ['{"finished":null}', "400 Invalid 'finished' member."],
    ['{"labels":[0]}', "400 Invalid 'labels' member."],
    ['{"labels":[1601]}', "400 Invalid 'labels' member."],
    ['{"labels":[-1]}', "400 Invalid 'labels' member."],
    ['{"labels":"1"}', "400 Invalid 'labels' member."],
    ['{"labels":1}', "400 Invalid 'labels' member."],
    ['{"labels":{}}', "400 Invalid 'labels' member."],
    ['{"labels":[[1]]}', "400 Invalid 'labels' member."],
    ['{"labels":[null]}', "400 Invalid 'labels' member."],
    ['{"labels":[""]}', "400 Invalid 'labels' member."],
    // Array schemas are not trimmed, so a blank string is not the empty default.
    ['{"labels":" "}', "400 Invalid 'labels' member."],
    ['{"labels_unset":"\\u00a0"}', "400 Invalid 'labels_unset' member."],
    ['{"labels_set":[0]}', "400 Invalid 'labels_set' member."],
    ['{"labels_unset":[1601]}', "400 Invalid 'labels_unset' member."],
    // The alphabetically first invalid member is reported.
    ['{"started":"x","finished":"y"}', "400 Invalid 'finished' member."],
    ['{"vote":5,"labels":[0]}', "400 Invalid 'labels' member."],
    ['{"vote":5,"notes":[]}', "400 Invalid 'notes' member."],
  ])("%s → %s", (body, expected) => {
    expect(ulist(body)).toBe(expected);
  });

  it.each([
    ["2000 characters", `{"notes":"${"x".repeat(2000)}"}`, { notes: "x".repeat(2000) }],
    ["2000 non-BMP characters (4000 UTF-16 units)", `{"notes":"${"🎮".repeat(2000)}"}`, { notes: "🎮".repeat(2000) }],
    ["2000 characters plus a CR, removed before the length check", `{"notes":"${"x".repeat(2000)}\\r"}`, { notes: "x".repeat(2000) }],
    ["2001 characters", `{"notes":"${"x".repeat(2001)}"}`, "400 Invalid 'notes' member."],
  ])("notes of %s", (_label, body, expected) => {
    expect(ulist(body)).toEqual(expected);
  });

  it.each([[undefined], ["text/plain"], ["application/json; charset=iso-8859-1"]])(
    "refuses Content-Type %s as an invalid body",
    (type) => {
      expect(ulist('{"vote":60}', type)).toBe("400 Invalid request body.");
    },
  );
});

describe("label rule and label resolution (§12.2)", () => {
  it.each([
    [{}, null],
    [{ vote: 50 }, null],
    [{ labels: [1, 2] }, null],
    [{ labels: [7] }, "Label id 7 cannot be used here"],
    [{ labelsSet: [7] }, "Label id 7 cannot be used here"],
    [{ labelsUnset: [7] }, "Label id 7 cannot be used here"],
    [{ labels: [1], labelsSet: [7], labelsUnset: [7] }, "Label id 7 cannot be used here"],
    [{ labels: [7], labelsUnset: [] }, "Label id 7 cannot be used here"],
  ] as [UlistPatch, string | null][])("%j → %s", (patch, message) => {
    const failure = checkUlistLabels(patch);
    expect(failure === null ? null : failure.message).toBe(message);
    if (failure !== null) expect(failure.status).toBe(400);
  });

  it.each([
    // [existing (null = new entry), patch, expected]
    [null, { labels: [1, 2], labelsSet: [3], labelsUnset: [2] }, [1, 3]],
    [null, { labelsSet: [3, 4], labelsUnset: [4, 5] }, [3]],
    [null, { vote: 60 }, []],
    [[1, 5], { labels: [2] }, [2]],
    [[1, 5], { labelsSet: [3, 4], labelsUnset: [4, 5] }, [1, 3]],
    [[1, 5], { labelsSet: [1, 1, 2] }, [1, 2, 5]],
    [[1, 5, 7], { notes: "x" }, [1, 5, 7]],
    [[1, 7], { labelsSet: [2] }, [1, 2, 7]],
  ] as [number[] | null, UlistPatch, number[]][])("%j + %j → %j", (existing, patch, expected) => {
    expect(applyLabelPatch(existing, patch)).toEqual(expected);
  });

  it("computes wanted labels as (labels ∪ set) − unset", () => {
    expect(wantedLabels({ labels: [5, 1], labelsSet: [3, 1], labelsUnset: [5] })).toEqual([1, 3]);
  });
});

describe("PATCH /rlist body (§12.3)", () => {
  it.each([
    ["{}", {}],
    ['{"status":0}', { status: 0 }],
    ['{"status":4}', { status: 4 }],
    ['{"status":"2"}', { status: 2 }],
    ['{"status":null}', { status: 0 }],
    ['{"status":true}', { status: 1 }],
  ])("%s → %j", (body, expected) => {
    expect(rlist(body)).toEqual(expected);
  });

  it.each([
    ['{"status":5}', "400 Invalid 'status' member."],
    ['{"status":2.5}', "400 Invalid 'status' member."],
    ['{"status":-1}', "400 Invalid 'status' member."],
    ['{"status":[]}', "400 Invalid 'status' member."],
    ['{"vote":60}', "400 Unknown member 'vote'."],
    ["", "400 Invalid request body."],
    ["[]", "400 Invalid request body."],
  ])("%s → %s", (body, expected) => {
    expect(rlist(body)).toBe(expected);
  });
});
