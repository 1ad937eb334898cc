// Local validation through the client, replayed from VNDB's recorded vectors: a request
// VNDB refuses is refused locally with the identical status and message and costs no
// request; a request VNDB accepts goes out exactly once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KanaClient } from "../../src/client/kana-client.js";
import { KanaError } from "../../src/kana/errors.js";
import { QUERY_ENDPOINTS, type QueryEndpoint } from "../../src/kana/types.js";
import { headerOf, loadVectors, type KanaVector } from "../helpers/vectors.js";
import { startFakeKana, type FakeKana } from "./fake-kana.js";

/**
 * Vectors a client call can express: anonymous POST queries whose body is a JSON object
 * that survives JSON.parse/JSON.stringify unchanged (no duplicate keys, no numbers beyond
 * double precision), sent as application/json.
 */
function expressible(v: KanaVector): boolean {
  if (v.method !== "POST" || v.body === null || v.auth !== null) return false;
  if (headerOf(v, "authorization") !== undefined || headerOf(v, "origin") !== undefined) return false;
  if (headerOf(v, "content-type") !== "application/json") return false;
  if (!(QUERY_ENDPOINTS as readonly string[]).includes(v.path.slice(1))) return false;
  try {
    const parsed: unknown = JSON.parse(v.body);
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) && JSON.stringify(parsed) === v.body;
  } catch {
    return false;
  }
}

const vectors = loadVectors().filter(expressible);
const refused = vectors.filter((v) => v.status !== 200);
const accepted = vectors.filter((v) => v.status === 200);

let kana: FakeKana;
let client: KanaClient;

beforeAll(async () => {
  kana = await startFakeKana();
  // The stub answers everything; the budget is opened wide because the replay is the point.
  client = new KanaClient({ baseUrl: kana.url, logger: () => undefined, rateLimit: { maxRequests: 1_000_000, windowMs: 1_000 }, concurrency: 8 });
});
afterAll(async () => {
  await client.close();
  await kana.close();
});

describe("vector replay through the client", () => {
  it("has enough vectors of both kinds to mean something", () => {
    expect(refused.length).toBeGreaterThan(400);
    expect(accepted.length).toBeGreaterThan(700);
  });

  it("refuses every refused vector locally with VNDB's status and message, sending nothing", async () => {
    const before = kana.seen.length;
    const mismatches: string[] = [];
    for (const v of refused) {
      try {
        await client.query(v.path.slice(1) as QueryEndpoint, JSON.parse(v.body as string));
        mismatches.push(`${v.id}: accepted`);
      } catch (error) {
        const e = error as KanaError;
        const expected = v.response.replace(/\n$/, "");
        if (!(e instanceof KanaError) || e.kind !== "validation" || e.status !== v.status || e.message !== expected) {
          mismatches.push(`${v.id}: got ${e.status} ${JSON.stringify(e.message)}, want ${v.status} ${JSON.stringify(expected)}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(kana.seen.length - before).toBe(0);
  });

  it("sends every accepted vector exactly once, body unchanged", async () => {
    const before = kana.seen.length;
    const failures: string[] = [];
    await Promise.all(
      accepted.map(async (v) => {
        try {
          await client.query(v.path.slice(1) as QueryEndpoint, JSON.parse(v.body as string));
        } catch (error) {
          failures.push(`${v.id}: ${(error as Error).message}`);
        }
      }),
    );
    expect(failures).toEqual([]);
    const sent = kana.seen.slice(before);
    // Identical accepted bodies may be coalesced into one request; never more than one each.
    const distinct = new Set(accepted.map((v) => `${v.path} ${v.body}`));
    expect(sent.length).toBeLessThanOrEqual(accepted.length);
    expect(new Set(sent.map((s) => `${s.url.replace("/kana", "")} ${s.body}`))).toEqual(distinct);
  });
});
