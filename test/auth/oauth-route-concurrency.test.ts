// The OAuth routes under the transport's per-client concurrency limit (docs/oauth.md,
// "Limits": registration and the page are bounded by it). They matter most for it: each
// /authorize naming a new client-ID metadata document makes this server fetch that URL and
// wait for it, so without the limit one client can hold any number of outbound fetches open.

import { createServer, type Server, type ServerResponse } from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { oauthHttpAuth } from "../../src/auth/connector-auth.js";
import { loadConfig } from "../../src/server/config.js";
import { silentLogger } from "../../src/server/log.js";
import { startHttpServer, type HttpServerHandle } from "../../src/server/transports/http.js";
import { extractHttpArgs } from "../../src/server/transports/http-options.js";
import type { VndbApi } from "../../src/tools/api.js";
import { authorizeUrl, CALLBACK, pkce } from "./harness.js";

let docs: Server;
let docBase: string;
const held: ServerResponse[] = [];
let handle: HttpServerHandle;

beforeAll(async () => {
  docs = createServer((_req, res) => void held.push(res)); // answers only when the test lets it
  await new Promise<void>((resolve) => docs.listen(0, "127.0.0.1", resolve));
  docBase = `http://127.0.0.1:${(docs.address() as { port: number }).port}`;
  const parsed = extractHttpArgs(["--http", "--port", "0"], {});
  const config = loadConfig(["--oauth"], {});
  if (parsed.kind !== "http" || config.kind !== "run") throw new Error("bad test settings");
  const apiFor = (): VndbApi => ({ close: async () => {} }) as unknown as VndbApi; // no VNDB call in this test
  handle = await startHttpServer(config.config, { ...parsed.http, maxConcurrentPerClient: 1 }, { log: silentLogger, apiFor, auth: oauthHttpAuth({}, { log: silentLogger }) });
});
afterAll(async () => {
  for (const res of held) res.destroy();
  await handle.close();
  docs.closeAllConnections();
  await new Promise((resolve) => docs.close(resolve));
});

const authorize = (n: number) =>
  fetch(authorizeUrl(new URL(handle.url).origin, { response_type: "code", client_id: `${docBase}/client-${n}.json`, redirect_uri: CALLBACK, code_challenge: pkce().challenge, code_challenge_method: "S256" }), { redirect: "manual" });

it("refuses a second /authorize from the same client while its first still waits for a document", async () => {
  const first = authorize(1);
  await expect.poll(() => held.length).toBe(1);
  const second = await authorize(2);
  expect(second.status).toBe(429);
  expect(second.headers.get("retry-after")).not.toBeNull();
  expect(held.length).toBe(1); // the second document was never asked for
  held[0]!.writeHead(404).end();
  expect((await first).status).toBe(400);
});
