// Messages no SDK client sends (issue 19 item 7): each gets the JSON-RPC error the spec
// names, never silence and never a dump of a schema library, over stdio and over HTTP; and a
// token put where the server echoes input (an argument's name) never comes back.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRawServer, type Message, type RawServer } from "../helpers/raw-stdio.js";
import { startHttpChild, WRITER, type HttpChild } from "../helpers/era-clients.js";

/** What an error message must not look like: an internal dump. */
const DUMP = /ZodError|"code":\s*"|"path":|\n\s+at \S|Unexpected error|expected (string|object), received/;

const BAD_VALUES: Array<[string, unknown]> = [
  ["1.5", 1.5],
  ["[]", []],
  ["{}", {}],
  ["null", null],
  ["true", true],
];

let server: RawServer;
let next = 1;
beforeAll(async () => {
  server = await startRawServer(["--embedded", "--log-level", "warn"], { VNDB_TOKEN: WRITER });
}, 60_000);
afterAll(() => server?.close());

function expectError(m: Message, code: number, about: RegExp) {
  expect(m.error?.code, JSON.stringify(m)).toBe(code);
  expect(m.error?.message).toMatch(about);
  expect(m.error?.message).not.toMatch(DUMP);
}

async function stillServing() {
  const pong = await server.request(`ping-${next++}`, "ping");
  expect(pong.result).toEqual({});
}

describe("over stdio", () => {
  it("a line that is not JSON gets -32700", async () => {
    server.write("this is not json {\n");
    expectError(await server.nextUnaddressed(), -32700, /Parse error/);
    await stillServing();
  });

  it("a message that is not an object gets -32600", async () => {
    server.write("42\n");
    expectError(await server.nextUnaddressed(), -32600, /Invalid Request/);
    await stillServing();
  });

  it.each(BAD_VALUES)("an id of %s gets -32600 (without the unusable id)", async (_label, id) => {
    server.write(`${JSON.stringify({ jsonrpc: "2.0", id, method: "ping" })}\n`);
    const m = await server.nextUnaddressed();
    expectError(m, -32600, /"id" must be a string or an integer/);
    expect(m).not.toHaveProperty("id");
    await stillServing();
  });

  it.each([...BAD_VALUES, ["a string", "x"] as [string, unknown]])("_meta of %s gets -32602 under the request's id", async (_label, meta) => {
    const id = `meta-${next++}`;
    server.write(`${JSON.stringify({ jsonrpc: "2.0", id, method: "tools/list", params: { _meta: meta } })}\n`);
    const m = await server.answer(id);
    if (meta !== null && typeof meta === "object" && !Array.isArray(meta)) {
      // {} is a valid _meta.
      expect(m.result).toBeDefined();
    } else expectError(m, -32602, /"_meta" must be an object/);
  });

  it.each(BAD_VALUES)("progressToken %s gets -32602 under the request's id", async (_label, token) => {
    const id = `progress-${next++}`;
    const m = await server.request(id, "tools/call", { name: "vndb_get_stats", arguments: {}, _meta: { progressToken: token } });
    expectError(m, -32602, /progressToken" must be a string or an integer/);
  });

  it.each([...BAD_VALUES.filter(([, v]) => !(v !== null && typeof v === "object" && !Array.isArray(v))), ["a string", "{}"] as [string, unknown], ["a number", 7] as [string, unknown]])(
    "tool arguments of %s get -32602 naming the tool",
    async (_label, args) => {
      const m = await server.request(`args-${next++}`, "tools/call", { name: "vndb_search_vn", arguments: args });
      expectError(m, -32602, /"arguments" of vndb_search_vn must be an object/);
    },
  );

  it("params that are not an object get an error under the request's id", async () => {
    const m1 = await server.request(`p-${next++}`, "tools/list", [] as unknown as object);
    expectError(m1, -32602, /named params/);
    const id = `p-${next++}`;
    server.write(`${JSON.stringify({ jsonrpc: "2.0", id, method: "tools/list", params: "x" })}\n`);
    expectError(await server.answer(id), -32600, /"params" must be an object/);
  });

  it("a malformed notification is dropped and logged, and the session goes on", async () => {
    server.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { _meta: 5 } })}\n`);
    await stillServing();
    expect(server.stderr()).toMatch(/refused a message: Invalid params: "_meta" must be an object/);
  });

  it("a token used as an argument's name does not come back in the validation error", async () => {
    const m = await server.request(`tok-${next++}`, "tools/call", { name: "vndb_search_vn", arguments: { query: "ever17", [WRITER]: 1 } });
    const text = JSON.stringify(m);
    expect((m.result as { isError?: boolean }).isError).toBe(true);
    expect(text).toMatch(/Input validation error/);
    expect(text).not.toContain(WRITER);
    expect(text).not.toMatch(DUMP);
    expect(server.stderr()).not.toContain(WRITER);
  });
});

describe("over HTTP", () => {
  let http: HttpChild;
  beforeAll(async () => {
    http = await startHttpChild(true);
  }, 60_000);
  afterAll(() => http?.close());

  async function post(body: string): Promise<{ status: number; json: Message }> {
    const r = await fetch(http.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body,
    });
    return { status: r.status, json: (await r.json()) as Message };
  }

  it("a body that is not JSON gets 400 and -32700", async () => {
    const r = await post("nope{");
    expect(r.status).toBe(400);
    expectError(r.json, -32700, /Parse error/);
  });

  it.each(BAD_VALUES)("an id of %s gets 400 and -32600", async (_label, id) => {
    const r = await post(JSON.stringify({ jsonrpc: "2.0", id, method: "ping" }));
    expect(r.status).toBe(400);
    expectError(r.json, -32600, /"id" must be/);
  });

  it.each(BAD_VALUES)("progressToken %s gets 400 and -32602 under the request's id", async (_label, token) => {
    const r = await post(JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "vndb_get_stats", arguments: {}, _meta: { progressToken: token } } }));
    expect(r.status).toBe(400);
    expect(r.json.id).toBe(9);
    expectError(r.json, -32602, /progressToken/);
  });

  it("non-object tool arguments get 400 and -32602", async () => {
    const r = await post(JSON.stringify({ jsonrpc: "2.0", id: 10, method: "tools/call", params: { name: "vndb_get_stats", arguments: [1] } }));
    expect(r.status).toBe(400);
    expectError(r.json, -32602, /"arguments" of vndb_get_stats must be an object/);
  });
});
