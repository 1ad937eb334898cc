// The owner's filter on their own private label over HTTP (issue 30 item 13): the server's
// shared public answers sent it without the token, and VNDB refused it ("Invalid 'label'
// filter"); over stdio it worked. Now a query with a label filter goes with its token, and
// answers the same over HTTP as over the in-memory (stdio-like) server.

import type { Client } from "@modelcontextprotocol/client";
import { afterEach, describe, expect, it } from "vitest";
import { startEmulated, TOKENS, type Emulated } from "../helpers/emulated-server.js";
import { clientFrom, startStack, type Stack } from "../helpers/fair-stack.js";

let stack: Stack | undefined;
let emulated: Emulated | undefined;
let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  await stack?.close();
  await emulated?.close();
  stack = emulated = client = undefined;
});

describe("a private label of the token's owner, over HTTP", () => {
  it("filters VNs by it as over stdio", async () => {
    const args = { filters: { label: "Hidden gems" }, fields: "brief", results: 50 };
    emulated = await startEmulated({ config: { token: TOKENS.u2Writer } });
    const local = await emulated.call("vndb_search_vn", args);
    expect(local.isError, local.text).toBe(false);
    expect(local.text).toContain("v900001");
    stack = await startStack();
    client = await clientFrom(stack.url, "127.0.0.1", TOKENS.u2Writer);
    const r = await client.callTool({ name: "vndb_search_vn", arguments: args });
    const text = (r.content as Array<{ text?: string }>)[0]?.text ?? "";
    expect(r.isError ?? false, text).toBe(false);
    expect(text).toContain("v900001");
    expect(text).toContain("Hidden gems");
    // Another user's request for the same filter gets nothing of it (no token: anonymous).
    const other = await clientFrom(stack.url, "127.0.0.2");
    const theirs = await other.callTool({ name: "vndb_search_vn", arguments: args });
    expect(((theirs.content as Array<{ text?: string }>)[0]?.text ?? "")).not.toContain("v900001");
    await other.close();
  }, 60_000);
});
