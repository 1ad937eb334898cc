// A well-formed token VNDB does not know (revoked): reads go on anonymously and say so,
// list tools say what to do, the log says it once, and the token shows nowhere.
// Over real stdio against --embedded (the emulator knows only its catalogue's tokens).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFUSED_TOKEN_NOTE } from "../../src/tools/refused-token.js";
import { startStdioServer, type StdioServer } from "../helpers/stdio-server.js";

// Well formed, with u2 embedded (reference §2.3), but no database row: "Invalid token."
const REVOKED = "byyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy";

let server: StdioServer;
beforeAll(async () => {
  server = await startStdioServer(["--embedded", "--log-level", "info"], { VNDB_TOKEN: REVOKED });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const call = (name: string, args: Record<string, unknown>) => server.call(name, args);
const stderr = () => server.stderr;

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
    const log = stderr().join("");
    expect(log.match(/refused the configured token/g)?.length).toBe(1);
    expect(log).not.toContain(REVOKED);
    expect(log).not.toContain(REVOKED.replace(/-/g, ""));
  });
});
