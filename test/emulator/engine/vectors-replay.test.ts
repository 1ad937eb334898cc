// Engine-level replay of the recorded vectors (../shared/kana-vectors): every accepted
// POST query is validated by validateQuery and executed over an empty catalogue, the
// state the vectors were recorded against ("query endpoints return no rows"), and the
// body must equal the recorded one byte for byte (count quirks, /ulist owner rule,
// echoes, time 0 under the frozen clock). Every accepted filter is also executed over
// the fixture catalogue, so no filter the validator accepts can crash the engine.
import { describe, expect, it } from "vitest";
import type { Catalogue } from "../../../src/emulator/catalogue/types.js";
import { createDatabase } from "../../../src/emulator/database.js";
import { executeQuery } from "../../../src/emulator/engine/execute.js";
import { canonicalJson } from "../../../src/emulator/engine/json.js";
import { validateQuery } from "../../../src/kana/validate-query.js";
import { QUERY_ENDPOINTS, type QueryEndpoint, type Session } from "../../../src/kana/types.js";
import { headerOf, loadVectors, type KanaVector } from "../../helpers/vectors.js";
import { clock, fixtureDb } from "./fixture.js";

const EMPTY: Catalogue = {
  meta: { source: "vectors", built: "", attribution: "" },
  images: [], vn: [], release: [], producer: [], character: [], staff: [], tag: [], trait: [], quote: [],
  users: [{ id: "u2", username: "testuser" }, { id: "u3", username: "reader" }, { id: "u4", username: "nobody" }],
  labels: [], ulist: [], rlist: [], tokens: [], lengthVotes: [],
};

const frozen = { now: () => new Date(Date.UTC(2024, 0, 1)) };

function sessionOf(v: KanaVector): Session | null {
  if (!v.auth) return null;
  return { userId: v.auth.user_id, userName: v.auth.user_name, listread: v.auth.listread === 1, listwrite: v.auth.listwrite === 1 };
}

const replayable = loadVectors().filter(
  (v) =>
    v.method === "POST" &&
    QUERY_ENDPOINTS.includes(v.path.slice(1) as QueryEndpoint) &&
    headerOf(v, "authorization") === undefined &&
    v.body !== null,
);

function validated(v: KanaVector) {
  return validateQuery({
    endpoint: v.path.slice(1) as QueryEndpoint,
    contentType: headerOf(v, "content-type"),
    body: v.body!,
    session: sessionOf(v),
  });
}

describe("vector replay through validateQuery + executeQuery", () => {
  const ok = replayable.filter((v) => v.status === 200);
  const queryFailures = replayable.filter((v) => v.status === 400 && v.response.startsWith('Missing "user"'));

  it.each(ok.map((v) => [v.id, v]))("%s", (_id, v) => {
    const req = validated(v);
    expect(req.ok).toBe(true);
    if (!req.ok) return;
    const out = executeQuery(createDatabase(EMPTY), req.value, sessionOf(v), frozen);
    expect(out.ok).toBe(true);
    if (out.ok) expect(canonicalJson(out.body)).toBe(v.response);
  });

  it.each(queryFailures.map((v) => [v.id, v]))("%s (/ulist owner rule)", (_id, v) => {
    const req = validated(v);
    // Either refusal point is faithful: the validator may decide it early.
    const failure = req.ok ? executeQuery(createDatabase(EMPTY), req.value, sessionOf(v), frozen) : req;
    expect(failure.ok).toBe(false);
    if (!failure.ok) expect(`${failure.failure.message}\n`).toBe(v.response);
  });

  it("every accepted filter executes over the fixture catalogue", () => {
    const db = fixtureDb();
    let n = 0;
    for (const v of ok) {
      const req = validated(v);
      if (!req.ok || req.value.filters === null) continue;
      const session = sessionOf(v) ?? { userId: "u2", userName: "testuser", listread: true, listwrite: false };
      const out = executeQuery(db, { ...req.value, results: 5, user: req.value.user ?? "u2" }, session, clock);
      expect(out.ok, `${v.id}: ${v.body}`).toBe(true);
      n++;
    }
    expect(n).toBeGreaterThan(500);
  });
});
