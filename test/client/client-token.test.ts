// The token: checked locally like VNDB checks it (reference §2.3), and never visible in any
// error, log line, thrown object or inspected client — proven with a canary token.
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KanaClient } from "../../src/client/kana-client.js";
import { KanaError } from "../../src/kana/errors.js";
import { encodeToken } from "../../src/kana/token.js";
import { kanaError, startFakeKana, type FakeKana, type Reply } from "./fake-kana.js";

// A well-formed token for uid 4242 whose random part spells nothing VNDB would know.
const CANARY = encodeToken(4242, Uint8Array.from({ length: 16 }, (_, i) => (i * 37 + 11) & 0xff));
const CANARY_PLAIN = CANARY.replace(/-/g, "");

/** Every way the token could leak from a thrown value. */
function everyView(value: unknown): string {
  const parts = [String(value), inspect(value, { depth: Infinity, showHidden: true, getters: true }), JSON.stringify(value)];
  if (value instanceof Error) parts.push(value.stack ?? "", JSON.stringify(Object.getOwnPropertyDescriptors(value)));
  return parts.join("\n");
}

function expectNoCanary(text: string): void {
  expect(text).not.toContain(CANARY);
  expect(text).not.toContain(CANARY_PLAIN);
}

describe("token format (checked when the client is built)", () => {
  it.each([
    ["Bearer-ish garbage with uppercase", "ABCD-EFGHI", 401, "Invalid Authorization header format."],
    ["a character outside z-base-32", "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyl", 401, "Invalid Authorization header format."],
    ["31 characters", "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryy", 401, "Invalid token format."],
    ["33 characters", "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyyy", 401, "Invalid token format."],
    ["embedded uid 0 (the docs' example token)", "hsoo-ybws4-j8yb9-qxkw-5obay-px8to-bfyk", 401, "Invalid token."],
  ])("%s → %i %s", (_name, token, status, message) => {
    let thrown: unknown;
    try {
      new KanaClient({ baseUrl: "http://127.0.0.1:9/kana", token });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(KanaError);
    expect(thrown).toMatchObject({ kind: "token", status, message });
    expect((thrown as KanaError).hint).toMatch(/vndb\.org\/u<your id>\/tokens/);
    expect(everyView(thrown)).not.toContain(token);
  });

  it("accepts any dash grouping and surrounding whitespace", () => {
    const c = new KanaClient({ baseUrl: "http://127.0.0.1:9/kana", token: ` ${CANARY_PLAIN.slice(0, 10)}--${CANARY_PLAIN.slice(10)}\n`, logger: () => undefined });
    expect(c.tokenUserId).toBe("u4242");
    expect(c.authenticated).toBe(true);
    void c.close();
  });
});

describe("canary token never leaks", () => {
  let kana: FakeKana;
  const logs: string[] = [];
  let client: KanaClient;

  // A hostile proxy that echoes the request headers back in its error pages.
  const echo = (status: number) => (req: { headers: Record<string, unknown> }): Reply => kanaError(status, `denied for ${String(req.headers.authorization)} (${JSON.stringify(req.headers)})`);

  beforeAll(async () => {
    kana = await startFakeKana();
    client = new KanaClient({
      baseUrl: kana.url,
      token: CANARY,
      logger: (level, message, fields) => logs.push(`${level} ${message} ${JSON.stringify(fields ?? {})}`),
      retry: { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 10 },
      deadlineMs: 3_000,
      timeouts: { headersMs: 300 },
    });
  });
  afterAll(async () => {
    await client.close();
    await kana.close();
  });

  it("the token is really sent, so the checks below are meaningful", async () => {
    kana.script({ status: 200, body: { id: "u4242", username: "canary", permissions: ["listread"] } });
    await client.authinfo();
    expect(kana.seen.at(-1)?.headers.authorization).toBe(`Token ${CANARY}`);
  });

  const failures: [string, () => Reply | Reply[], (c: KanaClient) => Promise<unknown>][] = [
    ["401 echoing the header", () => echo(401)({ headers: { authorization: `Token ${CANARY}` } }), (c) => c.query("vn", {})],
    ["502 page echoing the header, retried", () => [echo(502)({ headers: { authorization: `Token ${CANARY}` } }), echo(502)({ headers: { authorization: CANARY_PLAIN } })], (c) => c.query("vn", { results: 1 })],
    ["connection reset", () => [{ reset: true }, { reset: true }], (c) => c.query("vn", { results: 2 })],
    ["hang until the deadline", () => [{ hang: true }, { hang: true }], (c) => c.query("vn", { results: 3 })],
    ["malformed JSON", () => [{ raw: "{" }, { raw: "{" }], (c) => c.query("vn", { results: 4 })],
    ["PATCH refused", () => echo(400)({ headers: { authorization: CANARY } }), (c) => c.patchUlist("v17", { vote: 60 })],
    ["DELETE refused", () => echo(401)({ headers: { authorization: CANARY } }), (c) => c.deleteRlist("r12")],
    ["local validation", () => [], (c) => c.query("vn", { results: 101 })],
  ];

  it.each(failures)("%s", async (_name, replies, call) => {
    const list = replies();
    kana.script(...(Array.isArray(list) ? list : [list]));
    let thrown: unknown;
    try {
      await call(client);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(KanaError);
    expectNoCanary(everyView(thrown));
    expectNoCanary(logs.join("\n"));
  });

  it("is not visible when the client itself is inspected or serialised", () => {
    expectNoCanary(inspect(client, { depth: Infinity, showHidden: true }));
    expectNoCanary(JSON.stringify(client));
    expect(logs.length).toBeGreaterThan(0); // the logger did see the failures above
  });
});
