// The client against a scripted server on 127.0.0.1: request shape, retries, timeouts,
// deadlines, cancellation, compression, coalescing and caching, counted request by request.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { KanaClient, type KanaClientOptions, type KanaLogger } from "../../src/client/kana-client.js";
import { KanaError } from "../../src/kana/errors.js";
import { OK_EMPTY, kanaError, startFakeKana, type FakeKana } from "./fake-kana.js";

let kana: FakeKana;
const clients: KanaClient[] = [];

/** A client with fast retries and a quiet logger, closed after each test. */
function client(options: KanaClientOptions = {}): KanaClient {
  const c = new KanaClient({
    baseUrl: kana.url,
    logger: () => undefined,
    retry: { baseDelayMs: 10, maxDelayMs: 40 },
    ...options,
  });
  clients.push(c);
  return c;
}

async function failure(promise: Promise<unknown>): Promise<KanaError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(KanaError);
    return error as KanaError;
  }
  throw new Error("expected the call to fail");
}

beforeAll(async () => {
  kana = await startFakeKana();
});
afterAll(async () => {
  await kana.close();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  kana.reset();
});

describe("request shape", () => {
  it("POSTs the JSON body to <base>/<endpoint> with the project's User-Agent", async () => {
    kana.script({ status: 200, body: { more: true, results: [{ id: "v17", title: "Ever17" }] } });
    const answer = await client().query("vn", { filters: ["id", "=", "v17"], fields: "title" });
    expect(answer).toEqual({ more: true, results: [{ id: "v17", title: "Ever17" }] });
    expect(kana.seen).toHaveLength(1);
    const [req] = kana.seen;
    expect(req.method).toBe("POST");
    expect(req.url).toBe("/kana/vn");
    expect(JSON.parse(req.body)).toEqual({ filters: ["id", "=", "v17"], fields: "title" });
    expect(req.headers["content-type"]).toBe("application/json");
    expect(req.headers["user-agent"]).toMatch(/^vndb-mcp-server\/\d+\.\d+\.\d+ /);
    expect(req.headers.authorization).toBeUndefined();
  });

  it("sends `Authorization: Token <token>` when a token is configured", async () => {
    const token = "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy"; // uid 2 (reference §2.3)
    const c = client({ token: `  ${token}\n` });
    await c.query("vn", {});
    expect(kana.seen[0].headers.authorization).toBe(`Token ${token}`);
    expect(c.tokenUserId).toBe("u2");
  });

  it.each(["gzip", "br"] as const)("decodes %s bodies", async (encoding) => {
    const rows = Array.from({ length: 50 }, (_, i) => ({ id: `v${i + 1}`, title: "x".repeat(20) }));
    kana.script({ status: 200, body: { more: false, results: rows }, encoding });
    const answer = await client().query("vn", { fields: "title", results: 50 });
    expect(answer.results).toEqual(rows);
    expect(kana.seen[0].headers["accept-encoding"]).toMatch(/gzip/);
  });

  it("reads a base URL with a trailing slash and GET query strings", async () => {
    kana.script({ status: 200, body: { u2: { id: "u2", username: "testuser" } } });
    const answer = await client({ baseUrl: `${kana.url}/` }).user(["u2"], ["lengthvotes"]);
    expect(answer.u2?.username).toBe("testuser");
    expect(kana.seen[0].url).toBe("/kana/user?q=u2&fields=lengthvotes");
  });
});

describe("errors keep VNDB's words", () => {
  it("rejects with status and message verbatim, plus a hint", async () => {
    kana.script(kanaError(400, "Invalid 'fields' member: Field 'titel' not found"));
    // prevalidate off: the server, not the local validator, refuses it here
    const error = await failure(client({ prevalidate: false }).query("vn", { fields: "titel" }));
    expect(error).toMatchObject({ kind: "http", status: 400, message: "Invalid 'fields' member: Field 'titel' not found", endpoint: "/vn", retried: false, attempts: 1 });
    expect(error.hint).toMatch(/'title'/);
  });

  it("turns an HTML error page into its title", async () => {
    kana.script({ status: 404, body: "<html><head><title>404 Not Found</title></head></html>", headers: { "content-type": "text/html" } });
    const error = await failure(client().schema());
    expect(error).toMatchObject({ status: 404, message: "404 Not Found" });
  });

  it("says what a 431 (request too large) means instead of 'HTTP 431'", async () => {
    kana.script({ status: 431, body: "" });
    const error = await failure(client().user(["someone"]));
    expect(error.status).toBe(431);
    expect(error.message).toMatch(/too large for VNDB .*Ask for fewer or shorter names/);
  });
});

describe("retries", () => {
  it.each([
    ["502", { status: 502, body: "<html><title>502 Bad Gateway</title></html>", headers: { "content-type": "text/html" } }],
    ["503", kanaError(503, "Service unavailable")],
    ["500 Processing timeout", kanaError(500, "Processing timeout")],
    ["connection reset", { reset: true } as const],
    ["malformed JSON", { raw: '{"results":[' }],
  ])("recovers from %s", async (_name, reply) => {
    kana.script(reply, OK_EMPTY);
    const c = client();
    await expect(c.query("vn", {})).resolves.toEqual({ more: false, results: [] });
    expect(kana.seen).toHaveLength(2);
    expect(c.metrics).toMatchObject({ requests: 2, retries: 1 });
  });

  it.each([
    ["400", kanaError(400, "Invalid 'results' member."), 400],
    ["404", kanaError(404, "Not found."), 404],
    ["500 server bug", kanaError(500, "Internal server error. Can be temporary, but usually points to a server bug."), 500],
  ])("does not retry %s", async (_name, reply, status) => {
    kana.script(reply);
    const error = await failure(client({ prevalidate: false }).query("vn", {}));
    expect(error.status).toBe(status);
    expect(kana.seen).toHaveLength(1);
  });

  it("gives up after maxAttempts with the last answer, marked as retried", async () => {
    kana.script(kanaError(502, "Bad Gateway"), kanaError(502, "Bad Gateway"), kanaError(502, "Bad Gateway"), OK_EMPTY);
    const error = await failure(client({ retry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 10 } }).query("vn", {}));
    expect(error).toMatchObject({ kind: "http", status: 502, attempts: 3, retried: true });
    expect(kana.seen).toHaveLength(3);
  });

  it("no retry storm: N failing calls cost at most N × maxAttempts requests (breaker out of the way)", async () => {
    const storm = await startFakeKana(() => kanaError(502, "Bad Gateway"));
    try {
      const c = client({ baseUrl: storm.url, retry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 20 }, breaker: { threshold: 1_000 } });
      const calls = Array.from({ length: 20 }, (_, i) => c.query("vn", { page: i + 1 }).catch((e: unknown) => e));
      const results = await Promise.all(calls);
      expect(results.every((r) => r instanceof KanaError && r.status === 502)).toBe(true);
      expect(storm.seen).toHaveLength(60);
    } finally {
      await storm.close();
    }
  });

  it("a hanging server hits the headers timeout, is retried, then the deadline ends the call", async () => {
    const hang = await startFakeKana(() => ({ hang: true }));
    try {
      // undici's header timers tick about once a second, so 200 ms fires after 0.5–1.5 s.
      const c = client({ baseUrl: hang.url, timeouts: { headersMs: 200 }, deadlineMs: 3_500, retry: { maxAttempts: 10, baseDelayMs: 5, maxDelayMs: 10 } });
      const error = await failure(c.query("vn", {}));
      expect(["deadline", "network"]).toContain(error.kind);
      expect(hang.seen.length).toBeGreaterThanOrEqual(2);
      expect(hang.seen.length).toBeLessThanOrEqual(8);
    } finally {
      await hang.close();
    }
  });

  it("the deadline caps a single slow answer", async () => {
    kana.script({ hang: true });
    // The server never answers: only the deadline can end the call, and the kind says it did.
    const error = await failure(client({ deadlineMs: 200 }).query("vn", {}));
    expect(error.kind).toBe("deadline");
  });
});

describe("cancellation", () => {
  it("an aborted signal rejects with kind 'aborted' and stops the request", async () => {
    kana.script({ hang: true });
    const controller = new AbortController();
    const pending = client().query("vn", {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await failure(pending);
    expect(error.kind).toBe("aborted");
  });

  it("a caller that gives up does not cancel an identical call it was joined to", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = await startFakeKana(async () => {
      await gate;
      return { status: 200, body: { more: false, results: [{ id: "v1" }] } };
    });
    try {
      const c = client({ baseUrl: slow.url });
      const controller = new AbortController();
      const first = c.query("vn", { filters: ["id", "=", 1] }, { signal: controller.signal });
      const second = c.query("vn", { filters: ["id", "=", 1] });
      controller.abort();
      await expect(first).rejects.toMatchObject({ kind: "aborted" });
      release();
      await expect(second).resolves.toMatchObject({ results: [{ id: "v1" }] });
      expect(slow.seen).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });
});

describe("coalescing and caching", () => {
  it("identical concurrent queries share one request; each caller gets its own copy", async () => {
    kana.script({ status: 200, body: { more: false, results: [{ id: "v17" }] } });
    const c = client();
    const [a, b] = await Promise.all([c.query("vn", { fields: "title", filters: ["id", "=", 17] }), c.query("vn", { filters: ["id", "=", 17], fields: "title" })]);
    expect(kana.seen).toHaveLength(1);
    expect(a).toEqual(b);
    expect(a).not.toBe(b);
    await c.query("vn", { filters: ["id", "=", 17], fields: "title" });
    expect(kana.seen).toHaveLength(2); // VN answers are not cached
  });

  it("caches tag and trait lookups, schema and stats", async () => {
    const c = client();
    kana.script(
      { status: 200, body: { more: false, results: [{ id: "g1", name: "Romance" }] } },
      { status: 200, body: { api_fields: {}, enums: {}, extlinks: {} } },
      { status: 200, body: { chars: 1, producers: 2, releases: 3, staff: 4, tags: 5, traits: 6, vn: 7 } },
    );
    for (let i = 0; i < 3; i++) {
      await c.query("tag", { filters: ["search", "=", "romance"], fields: "name" });
      await c.schema();
      await c.stats();
    }
    expect(kana.seen.map((s) => s.url)).toEqual(["/kana/tag", "/kana/schema", "/kana/stats"]);
    const copy = await c.stats();
    copy.vn = 0;
    expect((await c.stats()).vn).toBe(7); // a caller's edit does not reach the cache
  });

  it("does not cache failures", async () => {
    kana.script(kanaError(400, "Invalid argument"), { status: 200, body: { chars: 1 } });
    const c = client();
    await failure(c.stats());
    await expect(c.stats()).resolves.toEqual({ chars: 1 });
    expect(kana.seen).toHaveLength(2);
  });
});

describe("logging", () => {
  it("reports retries through the logger and writes nothing to stdout", async () => {
    const lines: string[] = [];
    const logger: KanaLogger = (level, message, fields) => lines.push(`${level} ${message} ${JSON.stringify(fields ?? {})}`);
    const writes: unknown[] = [];
    const original = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: unknown) => {
      writes.push(chunk);
      return true;
    }) as typeof process.stdout.write;
    try {
      kana.script(kanaError(502, "Bad Gateway"), OK_EMPTY);
      await client({ logger }).query("vn", {});
    } finally {
      process.stdout.write = original;
    }
    expect(lines.some((l) => l.startsWith("info retrying POST /vn"))).toBe(true);
    expect(writes).toEqual([]);
  });
});
