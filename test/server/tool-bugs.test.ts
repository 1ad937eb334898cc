// A failure that is neither the input's (ToolError) nor VNDB's (KanaError) is a bug: the
// model gets "Unexpected error", and the log gets the detail at error level, stack included.
import { describe, expect, it } from "vitest";
import { createLogger } from "../../src/server/log.js";
import { KanaError } from "../../src/kana/errors.js";
import type { VndbApi } from "../../src/tools/api.js";
import { connect, testConfig, unreachableApi } from "../helpers/mcp-client.js";

function failingStats(error: Error): VndbApi {
  return new Proxy(unreachableApi, { get: (target, key) => (key === "stats" ? async () => Promise.reject(error) : Reflect.get(target, key)) });
}

async function statsWith(error: Error) {
  const lines: string[] = [];
  const log = createLogger({ level: "error", write: (line) => lines.push(line) });
  const c = await connect(testConfig(), failingStats(error), { log });
  try {
    const r = await c.client.callTool({ name: "vndb_get_stats", arguments: {} });
    return { text: (r.content as { text: string }[])[0]!.text, lines };
  } finally {
    await c.close();
  }
}

describe("a tool failing with a bug", () => {
  it("answers 'Unexpected error' and logs the stack at error level", async () => {
    const { text, lines } = await statsWith(new TypeError("cannot read properties of undefined"));
    expect(text).toBe("Unexpected error: cannot read properties of undefined");
    expect(lines.join("")).toMatch(/vndb_get_stats failed with a bug: TypeError: cannot read properties of undefined\n\s+at /);
  });

  it("a VNDB failure is not a bug: nothing at error level", async () => {
    const { lines } = await statsWith(new KanaError({ kind: "network", status: null, message: "Could not reach the VNDB API (ECONNREFUSED).", method: "GET", endpoint: "/stats", attempts: 3 }));
    expect(lines).toEqual([]);
  });
});
