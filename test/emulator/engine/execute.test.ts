// The response envelope (reference §5.3, §11): paging across pages, `more`, `count`
// with its arithmetic shortcut and overestimate, results 0, the /ulist owner rule and
// its count bug, echoes, time; plus stats and the list read helpers (§4.2–4.5).
import { describe, expect, it } from "vitest";
import { executeQuery, MISSING_USER } from "../../../src/emulator/engine/execute.js";
import { stats } from "../../../src/emulator/engine/stats.js";
import { ulistLabels, userLengthVotes } from "../../../src/emulator/engine/list-reads.js";
import type { QueryRequest, Session } from "../../../src/kana/types.js";
import { OTHER, OWNER, OWNER_NO_READ, USERMOD, clock, fixtureDb, request } from "./fixture.js";

function exec(req: QueryRequest, session: Session | null = null) {
  return executeQuery(fixtureDb(), req, session, clock);
}

const ids = (body: Record<string, unknown>) => (body.results as { id: string }[]).map((r) => r.id);

describe("paging and count", () => {
  // The VNs in id order are v1 v2 v3 v5.
  const pages: [number, number, string[], boolean, number][] = [
    // results, page, ids, more, count
    [2, 1, ["v1", "v2"], true, 4], // full page: the real count query
    [2, 2, ["v3", "v5"], false, 4], // last page: arithmetic 2*1 + 2
    [3, 2, ["v5"], false, 4],
    [2, 3, [], false, 4], // past the end: arithmetic 2*2 + 0 — overestimate quirk
    [3, 5, [], false, 12], // 3*4 + 0
    [4, 1, ["v1", "v2", "v3", "v5"], false, 4],
    [100, 1, ["v1", "v2", "v3", "v5"], false, 4],
  ];
  it.each(pages)("results %i page %i", (results, page, want, more, count) => {
    const out = exec(request("vn", { results, page, count: true }));
    expect(out.ok && out.body).toEqual({ results: want.map((id) => ({ id })), more, count });
  });

  it("results 0 skips the query but count still runs", () => {
    expect(exec(request("vn", { results: 0 }))).toEqual({ ok: true, body: { results: [], more: false } });
    expect(exec(request("vn", { results: 0, count: true, filters: ["olang", "=", "ja"] }))).toEqual({
      ok: true,
      body: { results: [], more: false, count: 2 },
    });
  });

  it("count only when asked; echoes compact and normalized filters; time from the clock", () => {
    const out = exec(request("vn", { results: 1, filters: ["id", "=", "v1"], compactFilters: "Nv01", normalizedFilters: ["id", "=", "v1"], time: true }));
    expect(out).toEqual({ ok: true, body: { results: [{ id: "v1" }], more: false, compact_filters: "Nv01", normalized_filters: ["id", "=", "v1"], time: 0 } });
    const none = exec(request("vn", { results: 0, compactFilters: "", normalizedFilters: null }));
    expect(none).toEqual({ ok: true, body: { results: [], more: false, compact_filters: "", normalized_filters: null } });
  });

  it("staff pages count alias rows", () => {
    const out = exec(request("staff", { results: 3, count: true, fields: { aid: true } }));
    expect(out.ok && out.body).toEqual({ results: [{ id: "s1", aid: 1 }, { id: "s1", aid: 2 }, { id: "s2", aid: 3 }], more: true, count: 4 });
  });
});

describe("/ulist", () => {
  const fail = { ok: false, failure: { status: 400, message: MISSING_USER } };

  it("needs a user or a session once a query runs", () => {
    expect(exec(request("ulist", { results: 3 }))).toEqual(fail);
    expect(exec(request("ulist", { results: 0 }))).toEqual({ ok: true, body: { results: [], more: false } });
    expect(exec(request("ulist", { results: 0, count: true }))).toEqual(fail);
  });

  it("defaults to the session's own list and hides private entries from others", () => {
    const own = exec(request("ulist", {}), OWNER);
    expect(own.ok && ids(own.body)).toEqual(["v1", "v2", "v3", "v5"]);
    const noRead = exec(request("ulist", { user: "u2" }), OWNER_NO_READ);
    expect(noRead.ok && ids(noRead.body)).toEqual(["v1", "v5"]);
    const other = exec(request("ulist", { user: "u2" }), OTHER);
    expect(other.ok && ids(other.body)).toEqual(["v1", "v5"]);
    // A user moderator does not see private entries in POST /ulist (§2.4).
    const mod = exec(request("ulist", { user: "u2" }), USERMOD);
    expect(mod.ok && ids(mod.body)).toEqual(["v1", "v5"]);
    const unknown = exec(request("ulist", { user: "u99" }));
    expect(unknown.ok && ids(unknown.body)).toEqual([]);
  });

  it("applies VN filters to the entries", () => {
    const out = exec(request("ulist", { user: "u2", filters: ["label", "=", ["u2", 7]] }));
    expect(out.ok && ids(out.body)).toEqual(["v1", "v5"]);
  });

  it("count works only on the arithmetic path (the count query bug)", () => {
    const last = exec(request("ulist", { user: "u2", results: 5, count: true }));
    expect(last.ok && last.body.count).toBe(2);
    expect(exec(request("ulist", { user: "u2", results: 1, count: true }))).toEqual(fail); // full page
    expect(exec(request("ulist", { user: "u2", results: 0, count: true }))).toEqual(fail);
    expect(exec(request("ulist", { results: 2, page: 3, count: true }), OWNER)).toEqual({
      ok: true,
      body: { results: [], more: false, count: 4 },
    });
  });
});

describe("stats and list reads", () => {
  it("stats counts non-hidden entries", () => {
    expect(stats(fixtureDb())).toEqual({ chars: 3, producers: 3, releases: 6, staff: 3, tags: 5, traits: 4, vn: 4 });
  });

  it("length votes", () => {
    expect(userLengthVotes(fixtureDb(), "u2")).toEqual({ lengthvotes: 2, lengthvotes_sum: 3600 });
    expect(userLengthVotes(fixtureDb(), "u3")).toEqual({ lengthvotes: 0, lengthvotes_sum: 0 });
  });

  it("ulist_labels for the owner: all labels, ordered, counts, virtual id 0", () => {
    expect(ulistLabels(fixtureDb(), OWNER, "u2", true)).toEqual([
      { id: 1, label: "Playing", private: false, count: 1 }, // the hidden VN's entry still counts
      { id: 2, label: "Finished", private: false, count: 1 },
      { id: 5, label: "Wishlist", private: true, count: 1 },
      { id: 7, label: "Voted", private: false, count: 2 },
      { id: 11, label: "A custom", private: false, count: 1 }, // custom labels by text
      { id: 10, label: "Zed custom", private: true, count: 0 },
      { id: 0, label: "No label", private: true, count: 1 },
    ]);
  });

  it("ulist_labels for others: public labels plus Voted, public entries only, no id 0", () => {
    expect(ulistLabels(fixtureDb(), null, "u2", true)).toEqual([
      { id: 1, label: "Playing", private: false, count: 1 }, // a public label makes its entry public
      { id: 2, label: "Finished", private: false, count: 1 },
      { id: 7, label: "Voted", private: false, count: 2 },
      { id: 11, label: "A custom", private: false, count: 1 },
    ]);
    expect(ulistLabels(fixtureDb(), null, "u3", false)).toEqual([{ id: 7, label: "Voted", private: true }]);
    expect(ulistLabels(fixtureDb(), OTHER, "u3", true)).toEqual([
      { id: 7, label: "Voted", private: true, count: 1 },
      { id: 0, label: "No label", private: true, count: 1 },
    ]);
    expect(ulistLabels(fixtureDb(), USERMOD, "u2", false).map((l) => l.id)).toEqual([1, 2, 5, 7, 11, 10, 0]);
  });
});
