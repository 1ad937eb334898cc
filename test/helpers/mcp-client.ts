// A real SDK Client connected to a real server over the SDK's in-memory transport.

import type { LocalData } from "../../src/local/local-data.js";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/client";
import type { ClientCapabilities, ElicitResult } from "@modelcontextprotocol/client";
import { loadConfig, type ServerConfig } from "../../src/server/config.js";
import type { Logger } from "../../src/server/log.js";
import { createServer } from "../../src/server/create-server.js";
import type { VndbApi } from "../../src/tools/api.js";

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const result = loadConfig([], {});
  if (result.kind !== "run") throw new Error("default config failed");
  return { ...result.config, ...overrides };
}

export interface Connected {
  client: Client;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** Answer elicitation requests with this (the client then declares the capability). */
  elicit?: (message: string) => ElicitResult;
  log?: Logger;
  /** Further capabilities the client declares (an MCP Apps host declares the UI extension). */
  capabilities?: ClientCapabilities;
  /** Data held in the process, as --embedded and --mirror give the tools (local/local-data.ts). */
  local?: LocalData;
}

export async function connect(config: ServerConfig, api: VndbApi, options: ConnectOptions = {}): Promise<Connected> {
  const created = await createServer(config, { api, log: options.log, ...(options.local ? { local: options.local } : {}) });
  const client = new Client(
    { name: "test", version: "0" },
    { capabilities: { ...(options.elicit ? { elicitation: { form: {} } } : {}), ...options.capabilities } },
  );
  if (options.elicit) {
    const answer = options.elicit;
    client.setRequestHandler("elicitation/create", async (req) => answer(req.params.message));
  }
  const [c, s] = InMemoryTransport.createLinkedPair();
  await created.connect(s);
  await client.connect(c);
  return {
    client,
    close: async () => {
      await client.close();
      await created.close();
    },
  };
}

/** An API that fails every call: for tests that must not reach VNDB (tools/list, gating). */
export const unreachableApi: VndbApi = new Proxy({} as VndbApi, {
  get: (_t, prop) => (prop === "close" ? async () => {} : async () => {
    throw new Error(`unexpected API call ${String(prop)}`);
  }),
});
