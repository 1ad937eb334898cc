// A well-formed token VNDB does not know (revoked): reads go on anonymously and say so,
// list tools say what to do, the log says it once, and the token shows nowhere. Over real
// stdio, against an emulator on 127.0.0.1 standing in for VNDB (it knows only its catalogue's
// tokens); and with --embedded, where a real user's token is simply unknown to the sample.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../src/emulator/index.js";
import { OFFLINE_TOKEN_NOTE, REFUSED_TOKEN_NOTE } from "../../src/tools/refused-token.js";
import { startStdioServer, type StdioServer } from "../helpers/stdio-server.js";

// Well formed, with u2 embedded (reference §2.3), but no database row: "Invalid token."
const REVOKED = "byyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy";

describe("a token VNDB refuses", () => {
  let vndb: Emulator;
  let server: StdioServer;
  beforeAll(async () => {
    vndb = await startEmulator({ port: 0 });
    server = await startStdioServer(["--api-url", vndb.url, "--log-level", "info"], { VNDB_TOKEN: REVOKED });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await vndb?.close();
  });

  it("leaves catalogue searches working, each answer saying the token was refused", async () => {
    const r = await server.call("vndb_search_vn", { query: "ever17", fields: "brief" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text.startsWith(REFUSED_TOKEN_NOTE)).toBe(true);
    expect(r.text).toMatch(/v17/);
    const stats = await server.call("vndb_get_stats", {});
    expect(stats.isError).toBe(false);
    expect(stats.text.startsWith(REFUSED_TOKEN_NOTE)).toBe(true);
  });

  it("still reads another user's public labels (public data needs no token)", async () => {
    const r = await server.call("vndb_list_labels", { user: "u2" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text.startsWith(REFUSED_TOKEN_NOTE)).toBe(true);
    expect(r.text).toMatch(/Finished/);
  });

  it("answers a list write with what to do, naming the owner's token page", async () => {
    const r = await server.call("vndb_update_list_entry", { vn: "v17", vote: 8 });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/refused the configured token/);
    expect(r.text).toContain("https://vndb.org/u2/tokens");
    expect(r.text).not.toMatch(/\(token\) failed \(token\)/);
  });

  it("logs the refusal once and never the token", async () => {
    await server.call("vndb_search_vn", { query: "saya", fields: "brief" });
    const log = server.stderr.join("");
    expect(log.match(/refused the configured token/g)?.length).toBe(1);
    expect(log).not.toContain(REVOKED);
    expect(log).not.toContain(REVOKED.replace(/-/g, ""));
  });
});

describe("a real token with the offline sample (--embedded)", () => {
  let server: StdioServer;
  beforeAll(async () => {
    server = await startStdioServer(["--embedded", "--log-level", "info"], { VNDB_TOKEN: REVOKED });
  }, 60_000);
  afterAll(async () => server?.close());

  it("answers from the sample, saying it does not know the token (not that the token is bad)", async () => {
    const r = await server.call("vndb_search_vn", { query: "ever17", fields: "brief" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text.startsWith(OFFLINE_TOKEN_NOTE)).toBe(true);
    const write = await server.call("vndb_update_list_entry", { vn: "v17", vote: 8 });
    expect(write.isError).toBe(true);
    expect(write.text).toMatch(/offline sample .* knows only its own test tokens/);
    expect(write.text).toMatch(/Turn the offline sample off/);
    expect(write.text).not.toMatch(/revoked|Make a new token/);
    expect(server.stderr.join("")).not.toContain(REVOKED);
  });
});
