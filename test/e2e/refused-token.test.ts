// A well-formed token VNDB does not know (revoked): reads go on anonymously and say so,
// list tools say what to do, the log says it once, and the token shows nowhere.
// Over real stdio against --embedded (the emulator knows only its catalogue's tokens).

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFUSED_TOKEN_NOTE } from "../../src/tools/refused-token.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
// Well formed, with u2 embedded (reference §2.3), but no database row: "Invalid token."
const REVOKED = "byyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy";

let client: Client;
const stderr: string[] = [];

beforeAll(async () => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["--import", "tsx", "src/cli/main.ts", "--embedded", "--log-level", "info"],
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", VNDB_TOKEN: REVOKED },
    stderr: "pipe",
  });
  transport.stderr?.on("data", (d: Buffer) => stderr.push(d.toString("utf8")));
  client = new Client({ name: "refused-token", version: "0" });
  await client.connect(transport);
}, 60_000);

afterAll(async () => {
  await client?.close();
});

async function call(name: string, args: Record<string, unknown>) {
  const r = await client.callTool({ name, arguments: args });
  return { text: (r.content as { text: string }[]).map((c) => c.text).join("\n"), isError: r.isError === true };
}

describe("a token VNDB refuses", () => {
  it("leaves catalogue searches working, each answer saying the token was refused", async () => {
    const r = await call("vndb_search_vn", { query: "ever17", fields: "brief" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text.startsWith(REFUSED_TOKEN_NOTE)).toBe(true);
    expect(r.text).toMatch(/v17/);
    const stats = await call("vndb_get_stats", {});
    expect(stats.isError).toBe(false);
    expect(stats.text.startsWith(REFUSED_TOKEN_NOTE)).toBe(true);
  });

  it("still reads another user's public labels (public data needs no token)", async () => {
    const r = await call("vndb_list_labels", { user: "u2" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text.startsWith(REFUSED_TOKEN_NOTE)).toBe(true);
    expect(r.text).toMatch(/Finished/);
  });

  it("answers a list write with what to do, naming the owner's token page", async () => {
    const r = await call("vndb_update_list_entry", { vn: "v17", vote: 8 });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/refused the configured token/);
    expect(r.text).toContain("https://vndb.org/u2/tokens");
    expect(r.text).not.toMatch(/\(token\) failed \(token\)/);
  });

  it("logs the refusal once and never the token", async () => {
    await call("vndb_search_vn", { query: "saya", fields: "brief" });
    const log = stderr.join("");
    expect(log.match(/refused the configured token/g)?.length).toBe(1);
    expect(log).not.toContain(REVOKED);
    expect(log).not.toContain(REVOKED.replace(/-/g, ""));
  });
});
