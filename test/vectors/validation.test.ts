// Replays the recorded request-validation vectors through validateQuery (and the list-write
// body validator) and compares status and message byte for byte; for accepted queries the
// echoed compact_filters / normalized_filters must equal the recorded response exactly.
import { describe, expect, it } from "vitest";
import { headerOf, loadVectors, type KanaVector } from "../helpers/vectors.js";
import { validateQuery } from "../../src/kana/validate-query.js";
import {
  checkUlistLabels,
  INVALID_PATCH_BODY,
  LABEL_7_REFUSED,
  matchListRoute,
  validateRlistPatch,
  validateUlistPatch,
} from "../../src/kana/list-write.js";
import { QUERY_ENDPOINTS, type QueryEndpoint, type Session } from "../../src/kana/types.js";

const QUERY_CATEGORIES = [
  "filter_valid",
  "filter_decode",
  "filter_invalid",
  "fields",
  "members",
  "too_much_data",
] as const;

/**
 * Vectors of the categories above whose outcome validation alone cannot decide, with the
 * reason. Every id here must exist and must really fail validation-only replay; the test
 * below checks both so the list cannot go stale silently.
 */
const DECIDED_ELSEWHERE: ReadonlyMap<string, string> = new Map<string, string>([]);

function sessionOf(vector: KanaVector): Session | null {
  if (vector.auth === null) return null;
  return {
    userId: vector.auth.user_id,
    userName: vector.auth.user_name,
    listread: vector.auth.listread === 1,
    listwrite: vector.auth.listwrite === 1,
  };
}

function endpointOf(vector: KanaVector): QueryEndpoint | undefined {
  const name = vector.path.slice(1);
  return vector.method === "POST" && (QUERY_ENDPOINTS as readonly string[]).includes(name)
    ? (name as QueryEndpoint)
    : undefined;
}

/** The outcome validation predicts, in the vector's terms. */
function replayQuery(vector: KanaVector): { status: number; response: string | Record<string, unknown> } {
  const endpoint = endpointOf(vector);
  if (endpoint === undefined) throw new Error(`${vector.id}: not a POST query route`);
  if (headerOf(vector, "authorization") !== undefined) throw new Error(`${vector.id}: carries a token header`);
  const result = validateQuery({
    endpoint,
    contentType: headerOf(vector, "content-type"),
    body: vector.body ?? "",
    session: sessionOf(vector),
  });
  if (!result.ok) return { status: result.failure.status, response: `${result.failure.message}\n` };
  const echoed: Record<string, unknown> = {};
  if (result.value.compactFilters !== undefined) echoed.compact_filters = result.value.compactFilters;
  if (result.value.normalizedFilters !== undefined) echoed.normalized_filters = result.value.normalizedFilters;
  return { status: 200, response: echoed };
}

/** The part of a recorded response validation is responsible for. */
function expectedOf(vector: KanaVector): { status: number; response: string | Record<string, unknown> } {
  if (vector.status !== 200) return { status: vector.status, response: vector.response };
  const body = JSON.parse(vector.response) as Record<string, unknown>;
  const echoed: Record<string, unknown> = {};
  if ("compact_filters" in body) echoed.compact_filters = body.compact_filters;
  if ("normalized_filters" in body) echoed.normalized_filters = body.normalized_filters;
  return { status: 200, response: echoed };
}

const vectors = loadVectors();

describe.each(QUERY_CATEGORIES)("query validation vectors: %s", (category) => {
  const inCategory = vectors.filter((v) => v.category === category);
  const replayed = inCategory.filter((v) => !DECIDED_ELSEWHERE.has(v.id));

  it("has vectors to replay", () => {
    expect(replayed.length).toBeGreaterThan(0);
  });

  it.each(replayed.map((v) => [v.id, v] as const))("%s", (_id, vector) => {
    expect(replayQuery(vector)).toStrictEqual(expectedOf(vector));
  });
});

describe("vectors decided elsewhere", () => {
  it("lists only existing vectors that validation alone really cannot decide", () => {
    for (const [id] of DECIDED_ELSEWHERE) {
      const vector = vectors.find((v) => v.id === id);
      expect(vector, id).toBeDefined();
      let replayed: ReturnType<typeof replayQuery> | undefined;
      try {
        replayed = replayQuery(vector!);
      } catch {
        replayed = undefined;
      }
      expect(replayed, id).not.toStrictEqual(expectedOf(vector!));
    }
    // Kept small on purpose: anything validation can decide belongs in the replay above.
    expect(DECIDED_ELSEWHERE.size).toBeLessThanOrEqual(10);
  });
});

describe("list-write vectors: routes and body validation", () => {
  const listWrites = vectors.filter((v) => v.category === "list_write");
  const patchOrDelete = listWrites.filter((v) => v.method === "PATCH" || v.method === "DELETE");

  it.each(patchOrDelete.map((v) => [v.id, v] as const))("%s route", (_id, vector) => {
    const routed = matchListRoute(vector.path) !== null;
    const notFound = vector.status === 404 && vector.response === "Not found.\n";
    expect(routed).toBe(!notFound);
  });

  const patches = patchOrDelete.filter((v) => v.method === "PATCH" && matchListRoute(v.path) !== null);

  it.each(patches.map((v) => [v.id, v] as const))("%s body", (_id, vector) => {
    const route = matchListRoute(vector.path)!;
    const contentType = headerOf(vector, "content-type");
    const body = vector.body ?? "";
    const ulist = route.kind === "ulist" ? validateUlistPatch(contentType, body) : undefined;
    const result = ulist ?? validateRlistPatch(contentType, body);
    if (!result.ok) {
      // Body errors come before authentication and the existence check.
      expect({ status: vector.status, response: vector.response }).toStrictEqual({
        status: result.failure.status,
        response: `${result.failure.message}\n`,
      });
      return;
    }
    // An accepted body: what follows is auth (401), existence (404), the label rule, or 204.
    expect(vector.response).not.toBe(`${INVALID_PATCH_BODY}\n`);
    expect(vector.response).not.toMatch(/^(Unknown member|Invalid '.*' member\.)/);
    if (vector.status === 204 || vector.response === `${LABEL_7_REFUSED}\n`) {
      const labels = ulist?.ok ? checkUlistLabels(ulist.value) : null;
      expect(labels === null ? 204 : `${labels.status} ${labels.message}\n`).toBe(
        vector.status === 204 ? 204 : `${vector.status} ${vector.response}`,
      );
    }
  });
});
