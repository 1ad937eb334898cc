// Fault injection: every kind answers the next N requests as documented, then the emulator
// is back to normal; the control endpoint exists only when explicitly enabled.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Agent, request } from "undici";
import { FAULT_KINDS, startEmulator, type Emulator } from "../../../src/emulator/index.js";
import { BAD_GATEWAY_HTML } from "../../../src/emulator/http/faults.js";

let emulator: Emulator;
const agent = new Agent();
beforeEach(async () => {
  emulator = await startEmulator({ port: 0, preset: "vectors" });
});
afterEach(async () => {
  await emulator.close();
});

async function post(path = "/vn", signal?: AbortSignal) {
  const res = await request(`${emulator.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
    dispatcher: agent,
    signal,
  });
  return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
}

describe("each fault kind", () => {
  it.each([
    ["rate-limit", {}, 429, "text", "Throttled on query execution time.\n", undefined],
    ["rate-limit", { retryAfter: 7 }, 429, "text", "Throttled on query execution time.\n", "7"],
    ["processing-timeout", {}, 500, "text", "Processing timeout\n", undefined],
    ["internal-error", {}, 500, "text", "Internal server error. Can be temporary, but usually points to a server bug.\n", undefined],
    ["bad-gateway", {}, 502, "text/html", BAD_GATEWAY_HTML, undefined],
  ] as const)("%s %j", async (kind, extra, status, type, text, retryAfter) => {
    emulator.faults.inject({ kind, count: 2, ...extra });
    for (let i = 0; i < 2; i++) {
      const r = await post();
      expect([r.status, r.headers["content-type"], r.text, r.headers["retry-after"]]).toEqual([status, type, text, retryAfter]);
    }
    expect((await post()).status).toBe(200);
  });

  it("malformed-json: 200 application/json that does not parse", async () => {
    emulator.faults.inject({ kind: "malformed-json" });
    const r = await post();
    expect([r.status, r.headers["content-type"]]).toEqual([200, "application/json"]);
    expect(() => JSON.parse(r.text)).toThrow();
    expect(JSON.parse((await post()).text)).toEqual({ more: false, results: [] });
  });

  it("reset: the connection is destroyed without an answer", async () => {
    emulator.faults.inject({ kind: "reset" });
    await expect(post()).rejects.toThrow();
    expect((await post()).status).toBe(200);
  });

  it("lost-answer: the write is carried out, the answer never arrives", async () => {
    await emulator.close();
    emulator = await startEmulator({ port: 0, preset: "catalogue" });
    const auth = { "content-type": "application/json", authorization: "Token yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy" };
    emulator.faults.inject({ kind: "lost-answer", method: "PATCH" });
    const patch = request(`${emulator.url}/ulist/v17`, { method: "PATCH", headers: auth, body: '{"vote":70}', dispatcher: agent });
    await expect(patch).rejects.toThrow();
    expect(emulator.faults.pending()).toEqual([]);
    const read = await request(`${emulator.url}/ulist`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ user: "u2", filters: ["id", "=", "v17"], fields: "vote" }),
      dispatcher: agent,
    });
    expect(await read.body.json()).toEqual({ more: false, results: [{ id: "v17", vote: 70 }] });
  });

  it("hang: no answer until the client gives up", async () => {
    emulator.faults.inject({ kind: "hang" });
    const started = Date.now();
    await expect(post("/vn", AbortSignal.timeout(300))).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect((await post()).status).toBe(200);
  });

  it("hang with delayMs: answered normally after the delay", async () => {
    emulator.faults.inject({ kind: "hang", delayMs: 200 });
    const started = Date.now();
    const r = await post();
    expect(r.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(180);
  });

  it("close() does not wait for a hung request", async () => {
    emulator.faults.inject({ kind: "hang" });
    const pending = post().catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 50));
    await emulator.close();
    expect(await pending).toBeInstanceOf(Error);
    emulator = await startEmulator({ port: 0, preset: "vectors" });
  });

  it("can target a method and path, and lists what is pending", async () => {
    emulator.faults.inject({ kind: "internal-error", method: "GET", path: "/stats" });
    expect((await post()).status).toBe(200);
    expect(emulator.faults.pending()).toEqual([{ kind: "internal-error", count: 1, method: "GET", path: "/stats" }]);
    expect((await fetch(`${emulator.url}/stats`)).status).toBe(500);
    expect(emulator.faults.pending()).toEqual([]);
  });

  it("skip lets the first matching requests through, then answers the next", async () => {
    emulator.faults.inject({ kind: "internal-error", path: "/vn", skip: 2 });
    expect(emulator.faults.pending()).toEqual([{ kind: "internal-error", count: 1, path: "/vn", skip: 2 }]);
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(500);
    expect((await post()).status).toBe(200);
    expect(() => emulator.faults.inject({ kind: "reset", skip: -1 })).toThrow(/skip/);
  });

  it("refuses unknown kinds and bad counts", () => {
    expect(() => emulator.faults.inject({ kind: "nope" as never })).toThrow(/unknown fault kind/);
    expect(() => emulator.faults.inject({ kind: "reset", count: 0 })).toThrow();
    expect(FAULT_KINDS).toContain("lost-answer");
  });
});

describe("the HTTP control endpoint", () => {
  it("does not exist unless enabled", async () => {
    const base = emulator.url.replace(/\/kana$/, "");
    const r = await fetch(`${base}/_emulator/faults`, { method: "POST", body: JSON.stringify({ kind: "reset" }) });
    expect(r.status).toBe(404);
    expect(emulator.faults.pending()).toEqual([]);
  });

  it("injects, lists and clears faults when enabled", async () => {
    await emulator.close();
    emulator = await startEmulator({ port: 0, preset: "vectors", faultsEndpoint: true });
    const control = `${emulator.url.replace(/\/kana$/, "")}/_emulator/faults`;
    expect((await fetch(control, { method: "POST", body: JSON.stringify({ kind: "rate-limit", count: 3, retryAfter: 2 }) })).status).toBe(204);
    expect(await (await fetch(control)).json()).toEqual([{ kind: "rate-limit", count: 3, retryAfter: 2 }]);
    expect((await post()).headers["retry-after"]).toBe("2");
    expect((await fetch(control, { method: "DELETE" })).status).toBe(204);
    expect((await post()).status).toBe(200);
    const bad = await fetch(control, { method: "POST", body: JSON.stringify({ kind: "meteor" }) });
    expect(bad.status).toBe(400);
  });
});
