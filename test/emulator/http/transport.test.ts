// The HTTP conventions of reference §1: routing (exact paths, percent-decoding, trailing
// slashes, methods), HEAD, CORS and the OPTIONS pre-flight, compression, error format.
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, request } from "undici";
import type { Emulator } from "../../../src/emulator/index.js";
import { call, startFixture, TOKENS } from "./fixture.js";

let emulator: Emulator;
const agent = new Agent();
beforeAll(async () => {
  emulator = await startFixture();
});
afterAll(async () => {
  await agent.close();
  await emulator.close();
});

/** A raw request: no automatic Accept-Encoding, no decompression. */
async function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  const res = await request(`${emulator.url}${path}`, { method: method as "GET", headers, body, dispatcher: agent });
  const bytes = Buffer.from(await res.body.arrayBuffer());
  return { status: res.statusCode, headers: res.headers, bytes };
}

describe("routing", () => {
  it.each([
    ["GET", "/vn"],
    ["PUT", "/vn"],
    ["POST", "/vn/"],
    ["GET", "/schema/"],
    ["POST", "/schema"],
    ["GET", "/ulist/v1"],
    ["PATCH", "/ulist/17"],
    ["PATCH", "/ulist/v0"],
    ["PATCH", "/ulist/v01"],
    ["DELETE", "/rlist/R1"],
    ["HEAD", "/ulist/v1"],
    ["GET", "/nope"],
  ])("%s %s is 404 Not found.", async (method, path) => {
    const r = await raw(method, path);
    expect(r.status).toBe(404);
    expect(r.headers["content-type"]).toBe("text");
    if (method !== "HEAD") expect(r.bytes.toString()).toBe("Not found.\n");
  });

  it("decodes percent-escapes in the path before matching", async () => {
    const r = await call(emulator, "PATCH", "/ulist/v%31%31", { token: TOKENS.u2rw, json: {} });
    expect(r.status).toBe(204);
    expect((await raw("GET", "/st%61ts")).status).toBe(200);
  });

  it("paths outside the API base are not the API", async () => {
    const res = await fetch(emulator.url.replace(/\/kana$/, "/other/stats"));
    expect(res.status).toBe(404);
  });
});

describe("HEAD", () => {
  it("answers the GET routes with headers only", async () => {
    const get = await raw("GET", "/stats");
    const head = await raw("HEAD", "/stats");
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
    expect(head.headers["content-type"]).toBe("application/json");
    expect(head.headers["content-length"]).toBe(String(get.bytes.length));
  });
});

describe("CORS (§1.4)", () => {
  it("adds nothing without Origin", async () => {
    const r = await raw("GET", "/stats");
    expect(Object.keys(r.headers).filter((h) => h.startsWith("access-control"))).toEqual([]);
  });

  it("answers * to an Origin without credentials, on success and on errors", async () => {
    for (const path of ["/stats", "/authinfo", "/nope"]) {
      const r = await raw("GET", path, { Origin: "https://example.com" });
      expect(r.headers["access-control-allow-origin"]).toBe("*");
      expect(r.headers["access-control-allow-credentials"]).toBeUndefined();
    }
  });

  it("echoes the Origin with credentials when Authorization or Cookie came along", async () => {
    for (const extra of [{ Authorization: `Token ${TOKENS.u2rw}` }, { Cookie: "a=b" }] as Record<string, string>[]) {
      const r = await raw("GET", "/authinfo", { Origin: "https://example.com", ...extra });
      expect(r.headers["access-control-allow-origin"]).toBe("https://example.com");
      expect(r.headers["access-control-allow-credentials"]).toBe("true");
    }
  });

  it("answers OPTIONS anywhere under the API with the fixed pre-flight", async () => {
    for (const path of ["/vn", "/whatever/else", "/ulist/v1"]) {
      const r = await raw("OPTIONS", path, { Origin: "https://example.com", "Access-Control-Request-Method": "POST" });
      expect(r.status).toBe(204);
      expect(r.bytes.length).toBe(0);
      expect({
        origin: r.headers["access-control-allow-origin"],
        credentials: r.headers["access-control-allow-credentials"],
        methods: r.headers["access-control-allow-methods"],
        headers: r.headers["access-control-allow-headers"],
        maxAge: r.headers["access-control-max-age"],
        type: r.headers["content-type"],
      }).toEqual({
        origin: "https://example.com",
        credentials: "true",
        methods: "POST, GET, OPTIONS",
        headers: "Content-Type, Authorization",
        maxAge: "86400",
        type: undefined,
      });
    }
    const bare = await raw("OPTIONS", "/vn");
    expect(bare.headers["access-control-allow-origin"]).toBeUndefined();
    expect(bare.headers["access-control-allow-methods"]).toBe("POST, GET, OPTIONS");
  });
});

describe("compression (FU: bodies over 256 bytes of a compressible type)", () => {
  it.each([
    ["br", "gzip, deflate, br", (b: Buffer) => brotliDecompressSync(b)],
    ["gzip", "gzip", (b: Buffer) => gunzipSync(b)],
  ])("uses %s when accepted", async (encoding, accept, decode) => {
    const plain = await raw("GET", "/schema");
    const r = await raw("GET", "/schema", { "Accept-Encoding": accept });
    expect(r.headers["content-encoding"]).toBe(encoding);
    expect(r.headers.vary).toBe("accept-encoding");
    expect(r.bytes.length).toBeLessThan(plain.bytes.length);
    expect(decode(r.bytes).equals(plain.bytes)).toBe(true);
  });

  it("sends identity (still with Vary) when nothing is accepted", async () => {
    const r = await raw("GET", "/schema");
    expect(r.headers["content-encoding"]).toBeUndefined();
    expect(r.headers.vary).toBe("accept-encoding");
    expect(JSON.parse(r.bytes.toString())).toHaveProperty("api_fields");
  });

  it("leaves small bodies and `text` errors alone", async () => {
    const small = await raw("GET", "/stats", { "Accept-Encoding": "gzip" });
    expect(small.bytes.length).toBeLessThanOrEqual(256);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    const longError = await raw("POST", "/vn", { "Accept-Encoding": "gzip", "Content-Type": "application/json" }, JSON.stringify({ filters: ["x".repeat(400), "=", 1] }));
    expect(longError.status).toBe(400);
    expect(longError.bytes.length).toBeGreaterThan(256);
    expect(longError.headers["content-encoding"]).toBeUndefined();
  });
});

describe("error and success formats", () => {
  it("errors are `text` with one trailing newline; 401s ask for a Token", async () => {
    const r = await raw("POST", "/vn", { "Content-Type": "application/json", Authorization: "Bearer x" }, "{}");
    expect([r.status, r.headers["content-type"], r.headers["www-authenticate"], r.bytes.toString()]).toEqual([
      401,
      "text",
      "Token",
      "Invalid Authorization header format.\n",
    ]);
  });

  it("POST queries run with sorted keys", async () => {
    const r = await raw("POST", "/vn", { "Content-Type": "application/json" }, JSON.stringify({ filters: ["id", "=", "v1"], fields: "title", count: true }));
    expect(r.status).toBe(200);
    expect(r.bytes.toString()).toBe('{"count":1,"more":false,"results":[{"id":"v1","title":"v1"}]}');
  });

  it("refuses a body that is not UTF-8 like VNDB's parser", async () => {
    const res = await request(`${emulator.url}/vn`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]),
      dispatcher: agent,
    });
    expect([res.statusCode, await res.body.text()]).toEqual([400, "Invalid request (most likely: invalid JSON or non-UTF8 data).\n"]);
  });
});
