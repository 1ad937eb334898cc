// VNDB down for a while (issue 10 item 6): a persistent 502 or reset must not spend the
// request budget on retries, every call must say VNDB is unavailable (not "client budget"),
// and a read answered before the outage is served again, marked as kept.
import { afterEach, describe, expect, it } from "vitest";
import { KanaClient } from "../../src/client/kana-client.js";
import { collectStaleNotices } from "../../src/client/stale-answers.js";
import { KanaError } from "../../src/kana/errors.js";
import { kanaError, startFakeKana, type FakeKana, type Reply } from "./fake-kana.js";

const BAD_GATEWAY: Reply = { status: 502, body: "<html><title>502 Bad Gateway</title></html>", headers: { "content-type": "text/html" } };
const VN: Reply = { status: 200, body: { more: false, results: [{ id: "v17", title: "Ever17" }] } };

let kana: FakeKana | undefined;
const clients: KanaClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await kana?.close();
});

async function outage(first: Reply[], then: Reply, options: ConstructorParameters<typeof KanaClient>[0] = {}) {
  let n = 0;
  kana = await startFakeKana(() => (n++ < first.length ? first[n - 1]! : then));
  const c = new KanaClient({ baseUrl: kana.url, logger: () => undefined, retry: { baseDelayMs: 5, maxDelayMs: 10 }, ...options });
  clients.push(c);
  return c;
}

async function failure(p: Promise<unknown>): Promise<KanaError> {
  try {
    await p;
  } catch (e) {
    return e as KanaError;
  }
  throw new Error("expected a failure");
}

describe("a persistent outage", () => {
  it("costs a handful of requests, not the budget, and then fails at once saying since when", async () => {
    const c = await outage([], BAD_GATEWAY, { breaker: { threshold: 5, probeIntervalMs: 60_000 } });
    const errors: KanaError[] = [];
    for (let i = 0; i < 50; i++) errors.push(await failure(c.query("vn", { filters: ["id", "=", `v${i + 1}`] })));
    // Two calls of 3 attempts open the breaker at the 5th failure: 5 requests, not 150.
    expect(kana!.seen.length).toBeLessThanOrEqual(6);
    const last = errors.at(-1)!;
    expect(last.kind).toBe("unavailable");
    expect(last.message).toMatch(/^VNDB is unavailable \(502\) since \d\d:\d\d:\d\d UTC; next try in \d+ s\.$/);
    expect(last.hint).toMatch(/down or unreachable/);
  });

  it("lets one probe through per interval, and the first success closes the breaker", async () => {
    let down = true;
    kana = await startFakeKana(() => (down ? BAD_GATEWAY : VN));
    const c = new KanaClient({ baseUrl: kana.url, logger: () => undefined, retry: { maxAttempts: 1 }, breaker: { threshold: 2, probeIntervalMs: 200 } });
    clients.push(c);
    await failure(c.query("vn", {}));
    await failure(c.query("vn", {}));
    const before = kana.seen.length;
    expect((await failure(c.query("vn", {}))).kind).toBe("unavailable");
    expect(kana.seen.length).toBe(before);
    down = false;
    await new Promise((r) => setTimeout(r, 250));
    await expect(c.query("vn", {})).resolves.toEqual(VN.body);
    await expect(c.query("vn", { fields: "title" })).resolves.toEqual(VN.body);
  });

  it("under resets too (no connection): the cause is the network code", async () => {
    const c = await outage([], { reset: true }, { breaker: { threshold: 3 } });
    for (let i = 0; i < 3; i++) await failure(c.query("vn", { filters: ["id", "=", `v${i + 1}`] }));
    const e = await failure(c.query("vn", {}));
    expect(e.message).toMatch(/VNDB is unavailable \((ECONNRESET|UND_ERR_SOCKET|EPIPE)\)/);
  });
});

describe("kept answers", () => {
  it("a read answered before the outage is served again, and the caller learns it was kept", async () => {
    const c = await outage([VN], BAD_GATEWAY, { retry: { maxAttempts: 1 } });
    const body = { filters: ["id", "=", "v17"], fields: "title" };
    await expect(c.query("vn", body)).resolves.toEqual(VN.body);
    const { value, stale } = await collectStaleNotices(() => c.query("vn", body));
    expect(value).toEqual(VN.body);
    expect(stale).toEqual([{ request: "POST /vn", ageMs: expect.any(Number), cause: expect.stringMatching(/502/) }]);
  });

  it("never a list: a user's list is not served from an old copy", async () => {
    const c = await outage([{ status: 200, body: { more: false, results: [] } }], BAD_GATEWAY, { retry: { maxAttempts: 1 } });
    await c.query("ulist", { user: "u2" });
    expect((await failure(c.query("ulist", { user: "u2" }))).status).toBe(502);
  });

  it("not for a failure that is the request's own (a 400 is not an outage)", async () => {
    const c = await outage([VN], kanaError(400, "Invalid 'fields' member."), { retry: { maxAttempts: 1 }, prevalidate: false });
    await c.query("vn", { fields: "title" });
    expect((await failure(c.query("vn", { fields: "title" }))).status).toBe(400);
  });
});

describe("the budget's message", () => {
  it("names the upstream failure that spent it", async () => {
    const c = await outage([], BAD_GATEWAY, { rateLimit: { maxRequests: 3 }, retry: { maxAttempts: 3 }, breaker: { threshold: 100 } });
    await failure(c.query("vn", {}));
    const e = await failure(c.query("vn", { fields: "title" }));
    expect(e.kind).toBe("budget");
    expect(e.message).toMatch(/VNDB itself last failed at \d\d:\d\d:\d\d UTC \(502\)/);
  });
});
