// The client against the Kana emulator: every endpoint, every fault the emulator can
// inject (recovered where a retry can help, a clear typed error where it cannot or the
// attempts run out, requests counted), and the rate budget against the emulator's own
// 200-per-5-minutes limit.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator, type FaultKind } from "../../src/emulator/index.js";
import { KanaClient, type KanaClientOptions } from "../../src/client/kana-client.js";
import { KanaError } from "../../src/kana/errors.js";
import { QUERY_ENDPOINTS, type QueryEndpoint } from "../../src/kana/types.js";

/** The catalogue's read-write token for u2 (src/emulator/catalogue/data/tokens.json). */
const RW_TOKEN = "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy";
/** The catalogue's u2 token without listwrite. */
const READ_TOKEN = "dd4y-yia7e-zayy8-octd-foyra-corgy-fxfw";

let emulator: Emulator;
const clients: KanaClient[] = [];

function client(options: KanaClientOptions = {}): KanaClient {
  const c = new KanaClient({ baseUrl: emulator.url, logger: () => undefined, retry: { baseDelayMs: 10, maxDelayMs: 40 }, ...options });
  clients.push(c);
  return c;
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, preset: "test" });
});
afterAll(async () => {
  await emulator.close();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  emulator.faults.clear();
  emulator.reset();
});

describe("every endpoint through the client", () => {
  /** One cheap, valid query per endpoint; /ulist names its owner. */
  const bodies: Record<QueryEndpoint, object> = {
    vn: { fields: "title, released", results: 3 },
    release: { fields: "title, vns.title", results: 3 },
    producer: { fields: "name, type", results: 3 },
    character: { fields: "name, vns.role", results: 3 },
    staff: { fields: "name, ismain", results: 3 },
    tag: { fields: "name, category", results: 3 },
    trait: { fields: "name, group_name", results: 3 },
    quote: { fields: "quote, vn.title", results: 3 },
    ulist: { user: "u2", fields: "vote, labels.label", results: 3 },
  };

  it.each(QUERY_ENDPOINTS.map((e) => [e]))("POST /%s", async (endpoint) => {
    const c = client();
    const answer = await c.query(endpoint, bodies[endpoint]);
    expect(answer.results.length).toBeGreaterThan(0);
    expect(answer.results.length).toBeLessThanOrEqual(3);
    for (const row of answer.results) expect(row.id).toMatch(/^[a-z]+\d+$/);
    expect(typeof answer.more).toBe("boolean");
    expect(c.metrics.requests).toBe(1);
  });

  it("GET /schema, /stats, /user, /authinfo, /ulist_labels", async () => {
    const c = client({ token: READ_TOKEN });
    const schema = await c.schema();
    expect(Object.keys(schema.api_fields)).toContain("/vn");
    const stats = await c.stats();
    expect(stats.vn).toBeGreaterThan(0);
    const users = await c.user(["u2", "no-such-user-xyz"], ["lengthvotes"]);
    expect(users.u2).toMatchObject({ id: "u2" });
    expect(users["no-such-user-xyz"]).toBeNull();
    const me = await c.authinfo();
    expect(me).toMatchObject({ id: "u2", permissions: ["listread"] });
    const labels = await c.ulistLabels({ fields: "count" });
    expect(labels.labels.some((l) => l.id === 7)).toBe(true);
    // authinfo and schema are cached: asking again costs nothing
    const sent = c.metrics.requests;
    await c.authinfo();
    await c.schema();
    expect(c.metrics.requests).toBe(sent);
  });

  it("PATCH and DELETE on /ulist and /rlist change the list as VNDB would", async () => {
    const c = client({ token: RW_TOKEN });
    const [vn] = (await c.query("vn", { results: 1 })).results;
    const [release] = (await c.query("release", { results: 1 })).results;
    await c.patchUlist(vn.id, { vote: 80, labels_set: [5] });
    const entry = await c.query("ulist", { filters: ["id", "=", vn.id], fields: "vote, labels.id" });
    expect(entry.results[0]).toMatchObject({ id: vn.id, vote: 80 });
    expect((entry.results[0].labels as { id: number }[]).map((l) => l.id).sort()).toEqual(expect.arrayContaining([5, 7]));
    await c.patchRlist(release.id, { status: 2 });
    await c.deleteRlist(release.id);
    await c.deleteUlist(vn.id);
    const gone = await c.query("ulist", { filters: ["id", "=", vn.id] });
    expect(gone.results).toEqual([]);
  });

  it("refuses a list write locally when VNDB would: bad body first, then the missing token", async () => {
    const anonymous = client();
    await expect(anonymous.patchUlist("v17", { vote: 5 })).rejects.toMatchObject({ kind: "validation", status: 400, message: "Invalid 'vote' member." });
    await expect(anonymous.patchUlist("v17", { vote: 50 })).rejects.toMatchObject({ kind: "validation", status: 401, message: "Unauthorized" });
    await expect(anonymous.deleteUlist("17x")).rejects.toMatchObject({ status: 404, message: "Not found." });
    expect(anonymous.metrics.requests).toBe(0);
    // …and the emulator agrees when asked directly with a token lacking listwrite.
    const reader = client({ token: READ_TOKEN });
    await expect(reader.patchUlist("v17", { vote: 50 })).rejects.toMatchObject({ kind: "http", status: 401, message: "Unauthorized" });
  });

  it("getByIds and queryAll agree with plain paging", async () => {
    const c = client();
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(...(await c.query("tag", { results: 100, page, fields: "name" })).results);
    const all = await c.queryAll("tag", { fields: "name" }, { maxResults: 300 });
    expect(all.results.map((r) => r.id)).toEqual(pages.map((r) => r.id));
    const wanted = [pages[250].id, "g9999999", pages[3].id, "v17", pages[120].id];
    const got = await c.getByIds("tag", wanted, "name");
    expect(got.map((r) => r?.id ?? null)).toEqual([pages[250].id, null, pages[3].id, null, pages[120].id]);
    expect(got[0]?.name).toBe(pages[250].name);
  });

  it("an unknown filter gets VNDB's message and a did-you-mean hint, locally", async () => {
    const c = client();
    const error = await c.query("vn", { filters: ["langauge", "=", "en"] }).catch((e: unknown) => e as KanaError);
    expect(error).toMatchObject({ kind: "validation", status: 400, message: "Invalid 'langauge' filter: Unknown field." });
    expect((error as KanaError).hint).toMatch(/'lang'/);
    expect(c.metrics.requests).toBe(0);
  });
});

describe("every fault the emulator can inject", () => {
  /** Faults a retry can cure, with how the client reports them when attempts run out. */
  const retryable: [FaultKind, Partial<KanaError>][] = [
    ["rate-limit", { kind: "http", status: 429, message: "Throttled on query execution time." }],
    ["processing-timeout", { kind: "http", status: 500, message: "Processing timeout" }],
    ["bad-gateway", { kind: "http", status: 502, message: "502 Bad Gateway" }],
    ["reset", { kind: "network" }],
    ["malformed-json", { kind: "protocol" }],
  ];

  it.each(retryable)("%s once: retried and recovered, 2 requests", async (kind) => {
    emulator.faults.inject({ kind, count: 1, ...(kind === "rate-limit" ? { retryAfter: 0 } : {}) });
    const c = client();
    const answer = await c.query("vn", { results: 2 });
    expect(answer.results).toHaveLength(2);
    expect(c.metrics).toMatchObject({ requests: 2, retries: 1 });
  });

  it.each(retryable)("%s every time: a typed error after exactly maxAttempts requests", async (kind, expected) => {
    emulator.faults.inject({ kind, count: 10, ...(kind === "rate-limit" ? { retryAfter: 0 } : {}) });
    const c = client({ retry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 10 } });
    const error = await c.query("vn", { results: 2 }).catch((e: unknown) => e as KanaError);
    expect(error).toBeInstanceOf(KanaError);
    expect(error).toMatchObject({ ...expected, attempts: 3, retried: true });
    expect(c.metrics.requests).toBe(3);
    expect(emulator.faults.pending()[0]?.count).toBe(7);
  });

  it("internal-error: not retried (VNDB says it usually is a bug), VNDB's words kept", async () => {
    emulator.faults.inject({ kind: "internal-error", count: 2 });
    const c = client();
    const error = (await c.query("vn", {}).catch((e: unknown) => e)) as KanaError;
    expect(error).toMatchObject({ kind: "http", status: 500, attempts: 1, retried: false });
    expect(error.message).toMatch(/^Internal server error/);
    expect(c.metrics.requests).toBe(1);
  });

  it("rate-limit with Retry-After: waits that long before the retry", async () => {
    emulator.faults.inject({ kind: "rate-limit", count: 1, retryAfter: 1 });
    const c = client();
    const started = Date.now();
    await c.query("vn", { results: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(c.metrics).toMatchObject({ requests: 2, throttled: 1 });
  });

  it("hang shorter than the headers timeout: answered normally, 1 request", async () => {
    emulator.faults.inject({ kind: "hang", count: 1, delayMs: 200 });
    const c = client();
    await expect(c.query("vn", { results: 1 })).resolves.toMatchObject({ results: [expect.anything()] });
    expect(c.metrics.requests).toBe(1);
  });

  it("hang once past the headers timeout: retried and recovered", async () => {
    emulator.faults.inject({ kind: "hang", count: 1 });
    const c = client({ timeouts: { headersMs: 300 }, deadlineMs: 8_000 });
    await expect(c.query("vn", { results: 1 })).resolves.toMatchObject({ results: [expect.anything()] });
    expect(c.metrics.requests).toBe(2);
  });

  it("hang for good: a deadline error within the deadline", async () => {
    emulator.faults.inject({ kind: "hang", count: 10 });
    const c = client({ timeouts: { headersMs: 5_000 }, deadlineMs: 700 });
    const error = await c.query("vn", { results: 1 }).catch((e: unknown) => e as KanaError);
    // "deadline", not the 5 s headers timeout: the deadline ended it (no clock needed to tell).
    expect(error).toMatchObject({ kind: "deadline", status: null });
    expect(c.metrics.requests).toBe(1);
  });
});

describe("rate budget against the emulator's own limit", () => {
  let limited: Emulator;
  beforeAll(async () => {
    // VNDB's figures: 200 requests per 5 minutes; the execution throttle off so that only
    // the count limit is under test.
    limited = await startEmulator({ port: 0, preset: "test", limits: { requests: { limit: 200, windowMs: 300_000 }, throttle: false } });
  });
  afterAll(async () => {
    await limited.close();
  });

  it("300 calls at once never draw a 429: 200 are answered, 100 fail with the budget error", async () => {
    const c = new KanaClient({ baseUrl: limited.url, logger: () => undefined });
    clients.push(c);
    const outcomes = await Promise.all(
      Array.from({ length: 300 }, (_, i) => c.query("vn", { filters: ["id", "=", i + 1], results: 1 }).then(() => "ok", (e: unknown) => e)),
    );
    const budget = outcomes.filter((o): o is KanaError => o instanceof KanaError && o.kind === "budget");
    const other = outcomes.filter((o) => o !== "ok" && !(o instanceof KanaError && o.kind === "budget"));
    expect(other).toEqual([]);
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(200);
    expect(budget).toHaveLength(100);
    expect(c.metrics).toMatchObject({ requests: 200, throttled: 0 });
    expect(budget[0].message).toMatch(/retry in \d+ s/);
    // The emulator really limits: one more request past the client would be refused.
    const bypass = new KanaClient({ baseUrl: limited.url, logger: () => undefined, retry: { maxAttempts: 1 } });
    clients.push(bypass);
    await expect(bypass.query("vn", { results: 1 })).rejects.toMatchObject({ kind: "http", status: 429 });
  });

  it("calls that may wait long enough queue for the window instead (scaled: 20 per second)", async () => {
    const fast = await startEmulator({ port: 0, preset: "test", limits: { requests: { limit: 20, windowMs: 1_000 }, throttle: false } });
    try {
      const c = new KanaClient({
        baseUrl: fast.url,
        logger: () => undefined,
        // The margin covers grant-to-arrival jitter on a busy 2-core machine.
        rateLimit: { maxRequests: 20, windowMs: 1_000, windowMarginMs: 250 },
        concurrency: 6,
        maxBudgetWaitMs: 10_000,
      });
      clients.push(c);
      const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => c.query("vn", { filters: ["id", "=", i + 1] }).then(() => "ok", (e: unknown) => e)));
      expect(outcomes.every((o) => o === "ok")).toBe(true);
      expect(c.metrics).toMatchObject({ requests: 50, throttled: 0, retries: 0 });
    } finally {
      await fast.close();
    }
  });
});
