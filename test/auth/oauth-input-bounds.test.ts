// Bounded input on the OAuth routes (issue 30 item 13): a chunked body over the limit gets
// its 413, not a reset connection; `state` has the same length limit as every parameter.

import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_CLIENT_METADATA_BYTES, MAX_PARAM_CHARS } from "../../src/auth/limits.js";
import { authorizeUrl, CALLBACK, pkce, register, startHarness, type Harness } from "./harness.js";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Sends a chunked POST of `total` bytes in 16 KiB chunks; resolves with what came back, or the socket error. */
function chunkedPost(base: string, path: string, total: number): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
      const chunk = Buffer.alloc(16 * 1024, 0x61);
      let sent = 0;
      const pump = () => {
        while (sent < total) {
          sent += chunk.length;
          if (!socket.write(`${chunk.length.toString(16)}\r\n${chunk.toString()}\r\n`)) return void socket.once("drain", pump);
        }
        socket.write("0\r\n\r\n");
      };
      pump();
    });
    let answer = "";
    socket.on("data", (d: Buffer) => (answer += d.toString()));
    socket.on("error", (error: NodeJS.ErrnoException) => resolve(answer || `error: ${error.code}`));
    socket.on("close", () => resolve(answer || "closed without an answer"));
  });
}

describe("OAuth routes, bounded input", () => {
  it("a chunked registration over the limit is answered 413, not reset", async () => {
    h = await startHarness();
    for (let i = 0; i < 5; i++) {
      const answer = await chunkedPost(h.base, "/register", 40 * MAX_CLIENT_METADATA_BYTES);
      expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 413 Payload Too Large");
      expect(answer).toContain(`request body over ${MAX_CLIENT_METADATA_BYTES} bytes`);
    }
    // The server goes on answering.
    expect((await register(h.base)).client_id).toMatch(/./);
  });

  it("a state longer than the parameter limit is refused on the page, never stored or sent back", async () => {
    h = await startHarness();
    const client = await register(h.base);
    const { challenge } = pkce();
    const url = authorizeUrl(h.base, { response_type: "code", client_id: client.client_id, redirect_uri: CALLBACK, code_challenge: challenge, code_challenge_method: "S256", state: "s".repeat(MAX_PARAM_CHARS + 1) });
    const res = await fetch(url, { redirect: "manual" });
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
    expect(await res.text()).toContain(`longer than ${MAX_PARAM_CHARS} characters`);
    expect(h.store.dump().filter((l) => l.startsWith("consent:"))).toHaveLength(0);
    // At the limit it is accepted.
    const ok = await fetch(authorizeUrl(h.base, { response_type: "code", client_id: client.client_id, redirect_uri: CALLBACK, code_challenge: challenge, code_challenge_method: "S256", state: "s".repeat(MAX_PARAM_CHARS) }), { redirect: "manual" });
    expect(ok.status).toBe(200);
  });
});
