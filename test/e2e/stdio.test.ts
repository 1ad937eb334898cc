// End to end over real stdio: the server as a child process (src/cli/main.ts through tsx, as
// `npm run vndb-mcp-server -- --embedded` runs it), an SDK Client on the other end of the pipes.
// Checks that stdout carries only the protocol, that tools work against the embedded
// emulator, that writes read back, and that the token never shows anywhere.

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const TOKEN = "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy";

let client: Client;
let transport: StdioClientTransport;
const stderr: string[] = [];

beforeAll(async () => {
  transport = new StdioClientTransport({
    command: process.execPath,
    args: ["--import", "tsx", "src/cli/main.ts", "--embedded", "--log-level", "debug"],
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", VNDB_TOKEN: TOKEN },
    stderr: "pipe",
  });
  transport.stderr?.on("data", (d: Buffer) => stderr.push(d.toString("utf8")));
  client = new Client({ name: "e2e", version: "0" });
  // Any non-JSON line on stdout would surface here as a parse error.
  client.onerror = (e) => stderr.push(`CLIENT ERROR ${e.message}`);
  await client.connect(transport);
}, 60_000);

afterAll(async () => {
  await client?.close();
});

async function call(name: string, args: Record<string, unknown>) {
  const r = await client.callTool({ name, arguments: args });
  return { text: (r.content as { text: string }[]).map((c) => c.text).join("\n"), isError: r.isError === true };
}

describe("stdio server with --embedded", () => {
  it("introduces itself with instructions and lists all 20 tools", async () => {
    expect(client.getServerVersion()?.name).toBe("vndb-mcp-server");
    expect(client.getInstructions()).toMatch(/Ids carry a type letter/);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(20);
  });

  it("answers a search from the embedded catalogue", async () => {
    const r = await call("vndb_search_vn", { query: "ever17", fields: "brief" });
    expect(r.isError).toBe(false);
    expect(r.text).toMatch(/v17/);
    expect(r.text).toMatch(/https:\/\/vndb\.org\/v17/);
  });

  it("writes the list and reads the entry back", async () => {
    const r = await call("vndb_update_list_entry", { vn: "v17", labels_set: ["Finished"], vote: 9 });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/vote 9\/10/);
    expect(r.text).toMatch(/Finished \(id 2\)/);
  });

  it("reports argument errors as tool errors", async () => {
    const r = await call("vndb_search_vn", { results: 500 });
    expect(r.isError).toBe(true);
  });

  it("never shows the token on stdout results or stderr logs, and stdout stays protocol-only", async () => {
    const r = await call("vndb_get_auth_info", {});
    expect(r.text).not.toContain(TOKEN);
    const log = stderr.join("");
    expect(log).toMatch(/serving 20 tools/);
    expect(log).not.toContain(TOKEN);
    expect(log).not.toContain(TOKEN.replace(/-/g, ""));
    expect(log).not.toMatch(/CLIENT ERROR/);
  });
});
