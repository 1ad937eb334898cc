// Hostile client-ID metadata documents, from the server-side-request angle: a client_id that
// names a private address directly (an IP literal needs no DNS look-up, so a look-up filter
// alone never sees it), and a document that never stops coming (no Content-Length).
// Both are counted on the hostile server's side: connections made to it, bytes it could send.

import { createServer as createTcpServer, type Server as TcpServer } from "node:net";
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_CLIENT_METADATA_BYTES } from "../../src/auth/limits.js";
import { authorizeUrl, CALLBACK, pkce, startHarness, type Harness } from "./harness.js";

const page = (base: string, clientId: string) =>
  fetch(authorizeUrl(base, { response_type: "code", client_id: clientId, redirect_uri: CALLBACK, code_challenge: pkce().challenge, code_challenge_method: "S256" }), { redirect: "manual" });

describe("a client_id naming a private address literally", () => {
  let listener: TcpServer;
  let port: number;
  let connections = 0;
  let hosted: Harness;

  beforeAll(async () => {
    listener = createTcpServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    port = (listener.address() as { port: number }).port;
    hosted = await startHarness({ publicUrl: "https://vndb-mcp.example" });
  });
  afterAll(async () => {
    await hosted.close();
    await new Promise((resolve) => listener.close(resolve));
  });

  // 2130706433 is 127.0.0.1 as one number; the URL parser turns it (and the IPv6 forms) into an IP literal.
  it.each(["127.0.0.1", "2130706433", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]"])("https://%s:<port>/… is refused without a connection", async (host) => {
    const before = connections;
    const res = await page(hosted.base, `https://${host}:${port}/client.json`);
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
    expect(await res.text()).toContain("private address");
    expect(connections - before).toBe(0);
  });
});

describe("a metadata document without an end", () => {
  /** Far past the limit: a client that reads it all before checking holds it all in memory. */
  const ENDLESS_BYTES = 64 * 1024 * 1024;
  const CHUNK = Buffer.alloc(64 * 1024, " ");
  let docs: Server;
  let base: string;
  let sent = -1;
  let h: Harness;

  beforeAll(async () => {
    docs = createServer((req, res) => {
      // Chunked, no Content-Length: only reading the body tells its size.
      res.writeHead(200, { "content-type": "application/json" });
      let written = 0;
      let closed = false;
      res.on("close", () => {
        closed = true;
        sent = written;
      });
      const pump = () => {
        while (!closed && written < ENDLESS_BYTES) {
          written += CHUNK.length;
          if (!res.write(CHUNK)) return void res.once("drain", pump);
        }
        if (!closed) res.end();
      };
      pump();
    });
    await new Promise<void>((resolve) => docs.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(docs.address() as { port: number }).port}`;
    h = await startHarness(); // a local trial: loopback documents are allowed
  });
  afterAll(async () => {
    await h.close();
    docs.closeAllConnections();
    await new Promise((resolve) => docs.close(resolve));
  });

  it("is refused once past the limit, and the rest is never read", async () => {
    const res = await page(h.base, `${base}/endless.json`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(`over ${MAX_CLIENT_METADATA_BYTES} bytes`);
    await expect.poll(() => sent).toBeGreaterThanOrEqual(0);
    // What the sockets' buffers hold besides the limit; a reader that went on would take all 64 MiB.
    expect(sent).toBeLessThan(8 * 1024 * 1024);
  });
});
