// End to end over real stdio: the server as a child process (src/cli/main.ts through tsx, as
// `npm run vndb-mcp-server -- --embedded` runs it), an SDK Client on the other end of the pipes.
// Checks that stdout carries only the protocol, that tools work against the embedded
// emulator, that writes read back, and that the token never shows anywhere.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStdioServer, type StdioServer } from "../helpers/stdio-server.js";

const TOKEN = "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy";

let server: StdioServer;
let client: StdioServer["client"];
let stderr: string[];

beforeAll(async () => {
  server = await startStdioServer(["--embedded", "--log-level", "debug"], { VNDB_TOKEN: TOKEN });
  ({ client, stderr } = server);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const call = (name: string, args: Record<string, unknown>) => server.call(name, args);

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
