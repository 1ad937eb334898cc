// Every session on one HTTP server is served from the same tools, prompts and resources, built
// once (define-tool.ts, prompts/index.ts, resources/index.ts), not per session. These tests
// open sessions of different kinds side by side, in both protocol eras, and check that each
// still gets what is its own: the tools its token allows, the app-only tools only where the
// client renders apps, the own-list prompts and resource only with a token, and what it was
// not given refused as unknown, whatever the other sessions were given.

import { afterEach, describe, expect, it } from "vitest";
import { StreamableHTTPClientTransport, type Client } from "@modelcontextprotocol/client";
import { loadConfig, type ServerConfig } from "../../src/server/config.js";
import { silentLogger } from "../../src/server/log.js";
import { startHttpServer, type HttpServerHandle } from "../../src/server/transports/http.js";
import { extractHttpArgs, type HttpOptions } from "../../src/server/transports/http-options.js";
import { ALL_TOOLS } from "../../src/tools/index.js";
import { WORKFLOWS } from "../../src/prompts/workflows.js";
import { OWN_LIST_URI } from "../../src/resources/index.js";
import { APP_MIME_TYPE, UI_EXTENSION } from "../../src/ui/resources.js";
import type { VndbApi } from "../../src/tools/api.js";
import { gatedApi } from "../helpers/gated-api.js";
import { ERAS, eraClient, type Era } from "../helpers/era-clients.js";

const WRITER = "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy";
const READER = "xxxx-xxxxx-xxxxx-xxxx-xxxxx-xxxxx-rxxx";
const APPS_HOST = { extensions: { [UI_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } } };
const WRITE_TOOLS = ALL_TOOLS.filter((t) => t.access === "write").map((t) => t.name);
const APP_TOOLS = ALL_TOOLS.filter((t) => t.audience === "app").map((t) => t.name);

/** The gated API, whose token check says the writer may write its list and anyone else may only read. */
function apiFor(token: string | undefined, caller?: string): VndbApi {
  const api = gatedApi().apiFor(token, caller);
  return { ...api, authinfo: async () => ({ id: "u2", username: "x", permissions: token === WRITER ? ["listread", "listwrite"] : ["listread"] }) };
}

function options(): HttpOptions {
  const parsed = extractHttpArgs(["--http", "--port", "0"], {});
  if (parsed.kind !== "http") throw new Error("expected http");
  return parsed.http;
}

function config(): ServerConfig {
  const r = loadConfig([], {});
  if (r.kind !== "run") throw new Error("config");
  return r.config;
}

let handle: HttpServerHandle | undefined;
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close().catch(() => {})));
  await handle?.close();
  handle = undefined;
});

async function open(era: Era, token?: string, capabilities?: Record<string, unknown>): Promise<Client> {
  const client = eraClient(era, { capabilities });
  await client.connect(new StreamableHTTPClientTransport(new URL(handle!.url), { requestInit: token ? { headers: { Authorization: `Bearer ${token}` } } : {} }));
  clients.push(client);
  return client;
}

const names = async (client: Client) => (await client.listTools()).tools.map((t) => t.name);

describe.each(ERAS)("sessions of the %s era on one HTTP server", (era) => {
  it("each lists what its own token and capabilities allow, whatever the others listed", async () => {
    handle = await startHttpServer(config(), options(), { log: silentLogger, apiFor });
    const [host, plain, writer, reader, writerHost] = await Promise.all([
      open(era, undefined, APPS_HOST),
      open(era),
      open(era, WRITER),
      open(era, READER),
      open(era, WRITER, APPS_HOST),
    ]);
    // Twice, all at once: an answer must not depend on which session asked first.
    for (let round = 0; round < 2; round++) {
      const [h, p, w, r, wh] = await Promise.all([host, plain, writer, reader, writerHost].map(names));
      expect(APP_TOOLS.length).toBeGreaterThan(0);
      for (const name of APP_TOOLS) {
        expect(h, name).toContain(name);
        expect(wh, name).toContain(name);
        expect(p, name).not.toContain(name);
        expect(w, name).not.toContain(name);
        expect(r, name).not.toContain(name);
      }
      for (const name of WRITE_TOOLS) {
        expect(w, name).toContain(name);
        expect(wh, name).toContain(name);
        expect(p, name).not.toContain(name);
        expect(h, name).not.toContain(name);
        expect(r, name).not.toContain(name);
      }
      // The same registry order in every list: each is the registry minus what it may not see.
      expect(h.filter((n) => !APP_TOOLS.includes(n))).toEqual(p);
      expect(w.filter((n) => !WRITE_TOOLS.includes(n))).toEqual(p);
      expect(wh.filter((n) => !WRITE_TOOLS.includes(n) && !APP_TOOLS.includes(n))).toEqual(p);
      expect(r).toEqual(p);
      expect(wh).toEqual(ALL_TOOLS.map((t) => t.name));
    }
  });

  it("runs a write tool for the writer's session and refuses it as unknown to the others", async () => {
    handle = await startHttpServer(config(), options(), { log: silentLogger, apiFor });
    const [writer, plain, reader] = await Promise.all([open(era, WRITER), open(era), open(era, READER)]);
    const call = { name: "vndb_update_list_entry", arguments: { vn: "v17" } };
    for (const other of [plain, reader]) {
      // The spec's answer to an unknown tool is a JSON-RPC error (-32602), not a tool result.
      await expect(other.callTool(call)).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/vndb_update_list_entry not found/) });
    }
    // The writer's call runs the tool, which reaches the (test) API: a tool result, not "not found".
    const answer = await writer.callTool(call);
    expect(answer.content).toBeDefined();
    expect(JSON.stringify(answer.content)).not.toMatch(/not found/);
  });

  it("gives the own-list prompts and resource to sessions with a token only", async () => {
    handle = await startHttpServer(config(), options(), { log: silentLogger, apiFor });
    const [plain, reader, host] = await Promise.all([open(era), open(era, READER), open(era, undefined, APPS_HOST)]);
    for (let round = 0; round < 2; round++) {
      const [p, r, h] = await Promise.all([plain, reader, host].map(async (c) => ({ prompts: (await c.listPrompts()).prompts.map((x) => x.name), resources: (await c.listResources()).resources.map((x) => x.uri) })));
      const listPrompts = WORKFLOWS.filter((w) => w.needsList).map((w) => w.name);
      expect(listPrompts.length).toBeGreaterThan(0);
      expect(r.prompts).toEqual(WORKFLOWS.map((w) => w.name));
      expect(p.prompts).toEqual(WORKFLOWS.filter((w) => !w.needsList).map((w) => w.name));
      expect(h.prompts).toEqual(p.prompts);
      expect(r.resources).toEqual([...p.resources, OWN_LIST_URI]);
      expect(h.resources).toEqual(p.resources);
      expect(p.resources).not.toContain(OWN_LIST_URI);
    }
    // What a session was not given is unknown to it, though another session has it.
    await expect(plain.getPrompt({ name: "tidy_list", arguments: {} })).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/Prompt tidy_list not found/) });
    await expect(plain.readResource({ uri: OWN_LIST_URI })).rejects.toMatchObject({ code: -32602, message: expect.stringMatching(/Resource not found/) });
    await expect(plain.complete({ ref: { type: "ref/resource", uri: OWN_LIST_URI }, argument: { name: "id", value: "x" } })).rejects.toMatchObject({ code: -32602 });
    expect(await reader.complete({ ref: { type: "ref/resource", uri: OWN_LIST_URI }, argument: { name: "id", value: "x" } })).toMatchObject({ completion: { values: [] } });
    // Completions go through each session's own client: an id typed in full stands as is.
    expect(await plain.complete({ ref: { type: "ref/resource", uri: "vndb://vn/{id}" }, argument: { name: "id", value: "v17" } })).toMatchObject({ completion: { values: ["v17"] } });
    expect(await reader.complete({ ref: { type: "ref/prompt", name: "recommend_from_list" }, argument: { name: "user", value: "u2" } })).toMatchObject({ completion: { values: [] } });
  });
});
