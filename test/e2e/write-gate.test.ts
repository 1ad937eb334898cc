// Issue 21: over real stdio, a token that may not write loses the four write tools from
// tools/list once VNDB has said so (GET /authinfo in the background of the start), and the
// host is told with notifications/tools/list_changed; a token that may write keeps them.
// Against an emulator on 127.0.0.1 standing in for VNDB, with the catalogue's test tokens.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { startEmulator, type Emulator } from "../../src/emulator/index.js";
import { createServer } from "../../src/server/create-server.js";
import { WriteGate } from "../../src/tools/lists/permissions.js";
import { startStdioServer, type StdioServer } from "../helpers/stdio-server.js";
import { testConfig, unreachableApi } from "../helpers/mcp-client.js";
import { TOKENS } from "../helpers/emulated-server.js";

const WRITE_TOOLS = ["vndb_update_list_entry", "vndb_update_release_entry", "vndb_remove_list_entry", "vndb_remove_release_entry"];

describe("a token that may only read, over stdio", () => {
  let vndb: Emulator;
  let server: StdioServer;
  let changed: Promise<void>;
  beforeAll(async () => {
    vndb = await startEmulator({ port: 0 });
    server = await startStdioServer(["--api-url", vndb.url], { VNDB_TOKEN: TOKENS.u2Reader });
    changed = new Promise((resolve) => server.client.setNotificationHandler("notifications/tools/list_changed", () => resolve()));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await vndb?.close();
  });

  it("withdraws the write tools and tells the host the list changed", async () => {
    await changed;
    const names = (await server.client.listTools()).tools.map((t) => t.name);
    for (const w of WRITE_TOOLS) expect(names).not.toContain(w);
    expect(names).toContain("vndb_get_user_list");
  }, 30_000);
});

describe("the gate in one process", () => {
  async function connected(gate: WriteGate) {
    const created = await createServer(testConfig({ token: TOKENS.u2Writer }), { api: unreachableApi, writeGate: gate });
    const client = new Client({ name: "test", version: "0" });
    let notified = 0;
    client.setNotificationHandler("notifications/tools/list_changed", () => void notified++);
    const [c, s] = InMemoryTransport.createLinkedPair();
    await created.connect(s);
    await client.connect(c);
    const names = async () => (await client.listTools()).tools.map((t) => t.name);
    return { names, notified: () => notified, close: async () => (await client.close(), await created.close()) };
  }

  it("keeps the write tools for a token that may write", async () => {
    const gate = new WriteGate();
    const c = await connected(gate);
    gate.learn({ id: "u2", username: "Yorhel", permissions: ["listread", "listwrite"] });
    expect(await c.names()).toEqual(expect.arrayContaining(WRITE_TOOLS));
    expect(c.notified()).toBe(0);
    await c.close();
  });

  it("lists them until VNDB says the token cannot write, then not", async () => {
    const gate = new WriteGate();
    const c = await connected(gate);
    expect(await c.names()).toEqual(expect.arrayContaining(WRITE_TOOLS));
    gate.learn({ id: "u2", username: "Yorhel", permissions: ["listread"] });
    const after = await c.names();
    for (const w of WRITE_TOOLS) expect(after).not.toContain(w);
    expect(c.notified()).toBe(1);
    await c.close();
  });
});
