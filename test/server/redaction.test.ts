// The token never reaches tool output or logs, even when something below the tools leaks
// it: an API that echoes the token in errors and data is caught by the last line of defence.

import { afterEach, describe, expect, it } from "vitest";
import { clearSecrets, createLogger, registerSecret } from "../../src/server/log.js";
import type { VndbApi } from "../../src/tools/api.js";
import { connect, testConfig } from "../helpers/mcp-client.js";

const CANARY = "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy";

const leakyApi: VndbApi = new Proxy({} as VndbApi, {
  get: (_t, prop) => {
    if (prop === "close") return async () => {};
    // Every count GET /stats gives (vndb_get_stats declares them all), plus one leaking the token in its key.
    if (prop === "stats") return async () => ({ chars: 0, producers: 0, releases: 2, staff: 0, tags: 0, traits: 0, vn: 1, [`vn ${CANARY}`]: 1 });
    return async () => {
      throw new Error(`request failed with Authorization: Token ${CANARY} (${CANARY.replace(/-/g, "")})`);
    };
  },
});

afterEach(() => clearSecrets());

describe("token redaction", () => {
  it.each([
    ["vndb_get_stats", {}],
    ["vndb_get_auth_info", {}],
    ["vndb_search_vn", { query: "x" }],
    ["vndb_update_list_entry", { vn: "v17", vote: 8 }],
    ["vndb_remove_list_entry", { vn: "v17", confirm: true }],
  ])("%s output and logs hold no token", async (name, args) => {
    registerSecret(CANARY);
    const lines: string[] = [];
    const log = createLogger({ level: "debug", write: (l) => lines.push(l) });
    const c = await connect(testConfig({ token: CANARY }), leakyApi, { log });
    try {
      const r = await c.client.callTool({ name, arguments: args });
      const out = JSON.stringify(r);
      expect(out).not.toContain(CANARY);
      expect(out).not.toContain(CANARY.replace(/-/g, ""));
      expect(out).toContain("[redacted]");
      expect(lines.join("")).not.toContain(CANARY);
    } finally {
      await c.close();
    }
  });
});
