// Slow clients are timed out (issue 30 item 13: 0 of 400 connections dripping their headers
// were closed in 90 s): headers must arrive within VNDB_HTTP_HEADERS_TIMEOUT_S and the whole
// request within VNDB_HTTP_REQUEST_TIMEOUT_S, or the answer is 408 and the connection closes.
// An answer's event stream is not limited (a session's GET stream outlives both).

import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig, type ServerConfig } from "../../src/server/config.js";
import { silentLogger } from "../../src/server/log.js";
import { startHttpServer, type HttpServerHandle } from "../../src/server/transports/http.js";
import { extractHttpArgs } from "../../src/server/transports/http-options.js";
import { gatedApi } from "../helpers/gated-api.js";

const config = (): ServerConfig => {
  const r = loadConfig([], {});
  if (r.kind !== "run") throw new Error("config");
  return r.config;
};

let handle: HttpServerHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

/** Opens a connection, sends `text`, then nothing more; resolves with what came back once the server closes it. */
function drip(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(text));
    let answer = "";
    socket.on("data", (d: Buffer) => (answer += d.toString()));
    socket.on("error", () => {});
    socket.on("close", () => resolve(answer));
  });
}

describe("slow clients", () => {
  it("are answered 408 and closed: headers that never end, and bodies that never arrive", async () => {
    const parsed = extractHttpArgs(["--http", "--port", "0"], { VNDB_HTTP_HEADERS_TIMEOUT_S: "1", VNDB_HTTP_REQUEST_TIMEOUT_S: "2" });
    if (parsed.kind !== "http") throw new Error("options");
    handle = await startHttpServer(config(), parsed.http, { log: silentLogger, apiFor: gatedApi().apiFor });
    const host = `Host: 127.0.0.1:${handle.port}\r\n`;
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => drip(handle!.port, `POST /mcp HTTP/1.1\r\n${host}`)),
      // Six: past eight in flight from one address the answer is a 429 at once.
      ...Array.from({ length: 6 }, () => drip(handle!.port, `POST /mcp HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: 500\r\n\r\n{"jsonrpc"`)),
    ]);
    for (const answer of answers) expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 408 Request Timeout");
  }, 60_000);

  it("the defaults are named and on", () => {
    const parsed = extractHttpArgs(["--http"], {});
    if (parsed.kind !== "http") throw new Error("options");
    expect(parsed.http.headersTimeoutMs).toBe(10_000);
    expect(parsed.http.requestTimeoutMs).toBe(30_000);
    expect(extractHttpArgs(["--http"], { VNDB_HTTP_HEADERS_TIMEOUT_S: "0" })).toMatchObject({ kind: "error" });
  });
});
