// Hostile input over HTTP and through the SDK client (issue 30 item 13): a filter nested
// ~2,500 deep answered HTTP 500 in the 2026-07-28 era and in 2025 stateless (the SDK
// re-serialises every body, and JSON.stringify ran out of stack); now a JSON-RPC error
// with the request's id. A filter or field named like a property of every object
// ("constructor", "hasOwnProperty") gave "Unexpected error: alias.to is not iterable".

import { afterEach, describe, expect, it } from "vitest";
import { MAX_MESSAGE_DEPTH } from "../../src/server/wire-check.js";
import { startEmulated, type Emulated } from "../helpers/emulated-server.js";
import { startStack, type Stack } from "../helpers/fair-stack.js";

const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "deep", version: "0" },
  "io.modelcontextprotocol/clientCapabilities": {},
};
/** {"and":[{"and":[ … {"id":"v17"} … ]}]}, 2,500 levels: written as text, since building it as a value and serialising it would overflow here too. */
const DEEP = '{"and":['.repeat(2_500) + '{"id":"v17"}' + "]}".repeat(2_500);
const body = (id: number, meta?: object) =>
  `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"vndb_search_vn","arguments":{"filters":${DEEP},"fields":"brief"}${meta ? `,"_meta":${JSON.stringify(meta)}` : ""}}}`;

let stack: Stack | undefined;
let emulated: Emulated | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
  await emulated?.close();
  emulated = undefined;
});

describe("deeply nested messages get a JSON-RPC error, not HTTP 500", () => {
  it("in 2025 stateless", async () => {
    stack = await startStack({ stateless: true });
    const res = await fetch(stack.url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: body(7) });
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { id: number; error: { code: number; message: string } };
    expect(answer.id).toBe(7);
    expect(answer.error.code).toBe(-32602);
    expect(answer.error.message).toContain(`deeper than ${MAX_MESSAGE_DEPTH} levels`);
  });

  it("in the 2026-07-28 era", async () => {
    stack = await startStack();
    const res = await fetch(stack.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "vndb_search_vn" },
      body: body(8, ENVELOPE),
    });
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { id: number; error: { code: number } };
    expect(answer).toMatchObject({ id: 8, error: { code: -32602 } });
    // The server still answers afterwards.
    expect((await fetch(new URL("/healthz", stack.url))).status).toBe(200);
  });
});

describe("names of Object.prototype are unknown names, not crashes", () => {
  it("a filter or field called constructor, toString or hasOwnProperty is refused as unknown", async () => {
    emulated = await startEmulated();
    for (const [tool, args, expected] of [
      ["vndb_search_vn", { filters: { constructor: "x" }, fields: "brief" }, /Unknown vn filter "constructor"/],
      ["vndb_search_character", { filters: { constructor: { id: "v17" } }, fields: "brief" }, /Unknown character filter "constructor"/],
      ["vndb_search_vn", { filters: { hasOwnProperty: 1 }, fields: "brief" }, /Unknown vn filter "hasOwnProperty"/],
      ["vndb_search_vn", { filters: { id: "v17" }, fields: "title, constructor" }, /Field 'constructor' not found/],
      ["vndb_search_release", { filters: { id: "r1" }, fields: "toString" }, /Field 'toString' not found/],
    ] as const) {
      const r = await emulated.call(tool, args as unknown as Record<string, unknown>);
      expect(r.isError).toBe(true);
      expect(r.text).toMatch(expected);
      expect(r.text).not.toMatch(/Unexpected error|is not iterable|is not a function/);
    }
  });
});
