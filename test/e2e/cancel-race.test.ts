// A tools/call cancelled at once (the cancel notification written right behind the call)
// used to kill the server: the call's signal had already fired when the client joined the
// shared request, so the shared request was aborted with nobody listening to its rejection.
// Over raw stdio, as a host that cancels quickly writes it.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRawServer, type RawServer } from "../helpers/raw-stdio.js";

let server: RawServer;
beforeAll(async () => {
  server = await startRawServer();
}, 60_000);
afterAll(() => server?.close());

describe("a tool call cancelled at once", () => {
  it("leaves the server alive and answering, every time", async () => {
    // Same queries over and over, so later calls join a shared or cached request too.
    const queries = [
      { name: "vndb_search_vn", arguments: { query: "ever17" } },
      { name: "vndb_get_stats", arguments: {} },
      { name: "vndb_search_producer", arguments: { query: "key" } },
    ];
    for (let i = 1; i <= 60; i++) {
      const call = JSON.stringify({ jsonrpc: "2.0", id: 1000 + i, method: "tools/call", params: queries[i % queries.length] });
      const cancel = JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1000 + i, reason: "user stopped" } });
      // One write: the cancel arrives in the same chunk as the call.
      server.write(`${call}\n${cancel}\n`);
      if (i % 10 === 0) await new Promise((r) => setTimeout(r, 20));
    }
    const outcome = await Promise.race([server.request(1, "ping").then(() => "answered"), server.exited]);
    expect(outcome, server.stderr()).toBe("answered");
    // Still alive a moment later, when the cancelled requests have settled.
    await new Promise((r) => setTimeout(r, 500));
    const again = await Promise.race([server.request(2, "ping").then(() => "answered"), server.exited]);
    expect(again, server.stderr()).toBe("answered");
    expect(server.stderr()).not.toMatch(/Unhandled|KanaError/);
  }, 60_000);
});
