// The one rule of --mirror (client/local-route.ts) as a table: which requests the local
// catalogue answers and which go to VNDB with the user's token. Each row was written from the
// issue's words (issue 28 item 2), not from the code: catalogue requests (the eight query
// endpoints, /stats, /schema, /user) are local; /authinfo, /ulist, /ulist_labels and every
// write go to VNDB; so does a query about the token owner's own list.

import { describe, expect, it } from "vitest";
import { routeOf, RoutedExchange, type Route } from "../../src/client/local-route.js";
import type { Exchange } from "../../src/client/exchange.js";
import type { RequestSpec } from "../../src/client/transport.js";

type Row = [method: RequestSpec["method"], path: string, body: unknown, hasToken: boolean, route: Route];

const q = (filters?: unknown) => ({ ...(filters === undefined ? {} : { filters }), fields: "title" });

const TABLE: Row[] = [
  // The eight catalogue query endpoints, with or without a token.
  ...(["vn", "release", "producer", "character", "staff", "tag", "trait", "quote"] as const).flatMap((e): Row[] => [
    ["POST", `/${e}`, q(["id", "=", "1"]), false, "local"],
    ["POST", `/${e}`, q(["id", "=", "1"]), true, "local"],
  ]),
  ["POST", "/vn", {}, true, "local"],
  ["GET", "/stats", undefined, true, "local"],
  ["GET", "/schema", undefined, false, "local"],
  ["GET", "/user", undefined, true, "local"],
  // What belongs to a user.
  ["GET", "/authinfo", undefined, true, "upstream"],
  ["GET", "/ulist_labels", undefined, true, "upstream"],
  ["GET", "/ulist_labels", undefined, false, "upstream"],
  ["POST", "/ulist", q(["label", "=", 1]), true, "upstream"],
  ["POST", "/ulist", { user: "u2", fields: "vote" }, false, "upstream"],
  ["PATCH", "/ulist/v17", { vote: 80 }, true, "upstream"],
  ["DELETE", "/ulist/v17", undefined, true, "upstream"],
  ["PATCH", "/rlist/r1", { status: 2 }, true, "upstream"],
  ["DELETE", "/rlist/r1", undefined, true, "upstream"],
  // A catalogue query about the token owner's own list is the user's too.
  ["POST", "/vn", q(["on_list", "=", 1]), true, "upstream"],
  ["POST", "/vn", q(["and", ["search", "=", "x"], ["on_list", "=", 1]]), true, "upstream"],
  ["POST", "/release", q(["rlist", "=", 1]), true, "upstream"],
  // ... but without a token the same query depends on no one.
  ["POST", "/vn", q(["on_list", "=", 1]), false, "local"],
  // A compact filter string cannot be read here: with a token it might be about the own list.
  ["POST", "/vn", q("03132gwv"), true, "upstream"],
  ["POST", "/vn", q("03132gwv"), false, "local"],
  // Anything else gets VNDB's own answer.
  ["POST", "/nonsense", {}, false, "upstream"],
  ["GET", "/vn", undefined, false, "upstream"],
  ["POST", "/stats", {}, false, "upstream"],
];

describe("local-route: what a mirror answers", () => {
  it.each(TABLE)("%s %s %j (token: %s) → %s", (method, path, body, hasToken, route) => {
    expect(routeOf({ method, path, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }, hasToken)).toBe(route);
  });

  it("a body that is not a JSON object goes to VNDB, whose 400 says what is wrong", () => {
    expect(routeOf({ method: "POST", path: "/vn", body: "{not json" }, false)).toBe("upstream");
    expect(routeOf({ method: "POST", path: "/vn", body: "[1]" }, false)).toBe("upstream");
  });

  it("sends local requests without the token and upstream ones as they are", async () => {
    const seen: { where: string; spec: RequestSpec }[] = [];
    const exchange = (where: string): Exchange => ({
      send: async (spec) => {
        seen.push({ where, spec });
        return { status: 200, headers: {}, text: "{}" };
      },
      close: async () => {},
    });
    const routed = new RoutedExchange(exchange("local"), exchange("upstream"), true);
    const deadline = Date.now() + 1000;
    await routed.send({ method: "POST", path: "/vn", body: JSON.stringify(q(["id", "=", "v17"])) }, undefined, deadline);
    await routed.send({ method: "GET", path: "/authinfo" }, undefined, deadline);
    expect(seen.map((s) => [s.where, s.spec.path, s.spec.anonymous === true])).toEqual([
      ["local", "/vn", true],
      ["upstream", "/authinfo", false],
    ]);
    expect(routed.isLocal({ method: "GET", path: "/stats" })).toBe(true);
    expect(routed.isLocal({ method: "DELETE", path: "/ulist/v17" })).toBe(false);
  });
});
