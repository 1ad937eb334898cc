// The whole stack in one process: the Kana emulator on 127.0.0.1 (port 0), the real Kana
// client pointed at it, the MCP server, and a real SDK Client over the in-memory transport.

import type { ElicitResult } from "@modelcontextprotocol/client";
import type { ServerConfig } from "../../src/server/config.js";
import { startEmulator, type Emulator, type PresetName } from "../../src/emulator/index.js";
import { KanaClient } from "../../src/client/kana-client.js";
import type { Logger } from "../../src/server/log.js";
import { connect, testConfig, type Connected, type ConnectOptions } from "./mcp-client.js";

/** Test tokens of the catalogue (src/emulator/catalogue/data/tokens.json). */
export const TOKENS = {
  /** u2 (Yorhel): listread + listwrite. */
  u2Writer: "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy",
  /** u2: listread only. */
  u2Reader: "dd4y-yia7e-zayy8-octd-foyra-corgy-fxfw",
  /** u2: no permissions. */
  u2Nothing: "w6hy-y76yd-48yyw-imp8-ayyke-k8keo-rypb",
} as const;

export interface Emulated extends Connected {
  api: KanaClient;
  /** The emulator behind the server, for fault injection (`emulator.faults.inject`). */
  emulator: Emulator;
  /** The text of a tool result's first content block. */
  call(name: string, args?: Record<string, unknown>): Promise<CallOutcome>;
}

export interface CallOutcome {
  text: string;
  isError: boolean;
  structured: Record<string, unknown> | undefined;
}

export interface EmulatedOptions {
  config?: Partial<ServerConfig>;
  elicit?: (message: string) => ElicitResult;
  log?: Logger;
  /** The emulator's starting state: "test" (the bundled catalogue plus the hand-made rows, the default) or "catalogue" (what --embedded serves). */
  preset?: PresetName;
  /** Further client capabilities (an MCP Apps host declares the UI extension). */
  capabilities?: ConnectOptions["capabilities"];
  /** Data held in the process (--embedded, --mirror): see local/local-data.ts. */
  local?: ConnectOptions["local"];
}

export async function startEmulated(options: EmulatedOptions = {}): Promise<Emulated> {
  const emulator = await startEmulator({ port: 0, preset: options.preset ?? "test" });
  const config = testConfig(options.config);
  const api = new KanaClient({
    baseUrl: emulator.url,
    ...(config.token ? { token: config.token } : {}),
    // Tests make more calls than VNDB's 200 per 5 minutes; the emulator has no such limit.
    rateLimit: { maxRequests: 100_000 },
    logger: () => {},
  });
  const connected = await connect(config, api, { elicit: options.elicit, log: options.log, capabilities: options.capabilities, local: options.local });
  return {
    ...connected,
    api,
    emulator,
    async call(name, args = {}) {
      const r = await connected.client.callTool({ name, arguments: args });
      const content = r.content as { type: string; text?: string }[];
      return {
        text: content.filter((c) => c.type === "text").map((c) => c.text ?? "").join("\n"),
        isError: r.isError === true,
        structured: r.structuredContent as Record<string, unknown> | undefined,
      };
    },
    async close() {
      await connected.close();
      await api.close();
      await emulator.close();
    },
  };
}
