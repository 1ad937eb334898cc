// The MCP features around tool calls: outputSchema (listed, and checked by the SDK client on
// every call), the logging capability with the client's level, progress notifications of a
// query, and cancellation reaching the VNDB call.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulated, type Emulated } from "../helpers/emulated-server.js";
import { connect, testConfig } from "../helpers/mcp-client.js";
import type { VndbApi } from "../../src/tools/api.js";

let e: Emulated;
beforeAll(async () => {
  e = await startEmulated();
});
afterAll(async () => {
  await e.close();
});

describe("outputSchema", () => {
  it("is listed for the query tools, stats and auth info, as a JSON Schema object", async () => {
    const { tools } = await e.client.listTools();
    const withOutput = tools.filter((t) => t.outputSchema).map((t) => t.name);
    expect(withOutput).toEqual(expect.arrayContaining(["vndb_search_vn", "vndb_get_user_list", "vndb_get_stats", "vndb_get_auth_info"]));
    for (const t of tools.filter((t) => t.outputSchema)) {
      expect(t.outputSchema!.type).toBe("object");
      expect(t.outputSchema).not.toHaveProperty("$schema");
    }
  });

  it("holds for real answers (the SDK client validates structuredContent against it)", async () => {
    await e.client.listTools(); // the client caches the schemas it validates with
    for (const [name, args] of [
      ["vndb_search_vn", { query: "ever17" }],
      ["vndb_search_tag", { query: "romance" }],
      ["vndb_get_stats", {}],
    ] as const) {
      const r = await e.client.callTool({ name, arguments: args });
      expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
      expect(r.structuredContent).toBeDefined();
    }
  });

  it("turns an answer that breaks it into an error instead of passing it on", async () => {
    const wrongStats = { ...unusedApi(), stats: async () => ({ vn: "many" }) } as unknown as VndbApi;
    const c = await connect(testConfig(), wrongStats);
    try {
      const r = await c.client.callTool({ name: "vndb_get_stats", arguments: {} }).catch((err: Error) => ({ isError: true, content: [{ text: err.message }] }));
      expect(r.isError).toBe(true);
      expect(JSON.stringify(r.content)).toMatch(/validation/i);
    } finally {
      await c.close();
    }
  });
});

describe("logging and progress", () => {
  it("sends log messages at the level the client set, and none below it", async () => {
    const messages: Array<{ level: string; data: unknown }> = [];
    e.client.setNotificationHandler("notifications/message", (n) => void messages.push(n.params));
    await e.client.setLoggingLevel("warning");
    await e.client.callTool({ name: "vndb_get_stats", arguments: {} });
    expect(messages).toEqual([]);
    await e.client.setLoggingLevel("debug");
    await e.client.callTool({ name: "vndb_get_stats", arguments: {} });
    await e.client.callTool({ name: "vndb_search_vn", arguments: { filters: { nope: 1 } } });
    await new Promise((r) => setTimeout(r, 20));
    expect(messages.some((m) => m.level === "debug" && /vndb_get_stats ok/.test(String(m.data)))).toBe(true);
    expect(messages.some((m) => m.level === "warning" && /vndb_search_vn error/.test(String(m.data)))).toBe(true);
    await e.client.setLoggingLevel("warning");
  });

  it("reports the steps of a query to a client that asked for progress", async () => {
    const seen: Array<{ progress: number; total?: number; message?: string }> = [];
    const r = await e.client.callTool({ name: "vndb_search_vn", arguments: { query: "ever17" } }, { onprogress: (p: { progress: number; total?: number; message?: string }) => void seen.push(p) });
    expect(r.isError).toBeFalsy();
    expect(seen.map((p) => p.progress)).toEqual([0, 1, 2]);
    expect(seen[1]!.message).toMatch(/querying \/vn/);
  });
});

describe("cancellation", () => {
  it("aborts the VNDB call when the client cancels the tool call", async () => {
    let sawSignal: AbortSignal | undefined;
    const hanging = {
      ...unusedApi(),
      stats: (options?: { signal?: AbortSignal }) =>
        new Promise((_resolve, reject) => {
          sawSignal = options?.signal;
          options?.signal?.addEventListener("abort", () => reject(new Error("aborted")));
        }),
    } as unknown as VndbApi;
    const c = await connect(testConfig(), hanging);
    try {
      const controller = new AbortController();
      const call = c.client.callTool({ name: "vndb_get_stats", arguments: {} }, { signal: controller.signal });
      for (let i = 0; i < 100 && !sawSignal; i++) await new Promise((r) => setTimeout(r, 5));
      expect(sawSignal?.aborted).toBe(false);
      controller.abort("user pressed stop");
      await expect(call).rejects.toThrow();
      for (let i = 0; i < 100 && !sawSignal!.aborted; i++) await new Promise((r) => setTimeout(r, 5));
      expect(sawSignal!.aborted).toBe(true);
    } finally {
      await c.close();
    }
  });
});

function unusedApi(): Record<string, unknown> {
  const fail = async () => {
    throw new Error("not used here");
  };
  return { query: fail, schema: fail, stats: fail, user: fail, authinfo: fail, ulistLabels: fail, patchUlist: fail, deleteUlist: fail, patchRlist: fail, deleteRlist: fail, close: async () => {} };
}
