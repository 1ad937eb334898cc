// The first path a hosted client takes under the 2026-07-28 spec, which deprecates dynamic
// registration: a client-ID metadata document (CIMD). The SDK v2 client's own OAuth flow,
// given a `clientMetadataUrl`, sends that URL as client_id when the server advertises
// `client_id_metadata_document_supported`, and never registers; the server fetches the
// document, shows the sign-in page, and issues tokens to that client id, which then call
// tools in both protocol eras and refresh. claude.ai connects this way (landscape note
// 2026-11-27 §4). The SDK accepts only an https document URL, so the document is served over
// TLS on loopback with a certificate made for this run, which the server trusts through
// NODE_EXTRA_CA_CERTS; a local trial may fetch from loopback (docs/oauth.md).

import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from "@modelcontextprotocol/client";
import { Agent } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHttpProcess, type HttpProcess } from "../helpers/http-process.js";
import { CALLBACK_URL, callbackParams, MemoryProvider, openPage, submit } from "./helpers.js";

/** Catalogue token of u2 Yorhel with list read and write (docs/catalogue.md). */
const WRITER = "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy";
const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const DOC_PATH = "/oauth/vndb-test-client.json";

const work = mkdtempSync(join(tmpdir(), "vndb-cimd-"));
let docs: Server;
let docUrl: string;
let docFetches = 0;
let server: HttpProcess;
/**
 * No connection is reused: on this busy machine a pooled connection could be closed by the
 * server's keep-alive timer just as the next request went out on it ("other side closed"),
 * a race of the test's load, not of the flow under test.
 */
const oneShot = new Agent({ pipelining: 0 });
/** Every URL the SDK client asked for: the registration endpoint must not be among them. */
const asked: string[] = [];
const recordingFetch: typeof fetch = (input, init) => {
  asked.push(`${init?.method ?? "GET"} ${input instanceof Request ? input.url : String(input)}`);
  return fetch(input, { ...init, dispatcher: oneShot } as RequestInit);
};

class DocumentProvider extends MemoryProvider {
  constructor(readonly clientMetadataUrl: string) {
    super();
  }
}

beforeAll(async () => {
  // A certificate for 127.0.0.1, made for this run (openssl is part of every Debian base).
  execFileSync("openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", join(work, "key.pem"), "-out", join(work, "cert.pem")], { stdio: "ignore" });
  docs = createServer({ key: readFileSync(join(work, "key.pem")), cert: readFileSync(join(work, "cert.pem")) }, (req, res) => {
    if (req.url !== DOC_PATH) {
      res.writeHead(404).end();
      return;
    }
    docFetches++;
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ client_id: docUrl, client_name: "CIMD Test Client", redirect_uris: [CALLBACK_URL], token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"], response_types: ["code"] }));
  });
  await new Promise<void>((resolve) => docs.listen(0, "127.0.0.1", resolve));
  docUrl = `https://127.0.0.1:${(docs.address() as { port: number }).port}${DOC_PATH}`;
  server = await startHttpProcess(["--embedded", "--oauth"], { VNDB_OAUTH_SECRET: SECRET, NODE_EXTRA_CA_CERTS: join(work, "cert.pem") });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => (docs ? docs.close(resolve) : resolve(undefined)));
  await oneShot.close();
  rmSync(work, { recursive: true, force: true });
});

const text = (r: Awaited<ReturnType<Client["callTool"]>>) => (r.content as { type: string; text?: string }[]).map((c) => c.text ?? "").join("\n");
const transportFor = (provider: DocumentProvider) => new StreamableHTTPClientTransport(server.url, { authProvider: provider, fetch: recordingFetch });

describe("client-ID metadata document, through the SDK v2 client's OAuth flow", () => {
  const provider = new DocumentProvider("");

  it("uses the document URL as client_id without registering, and the page says where the name comes from", async () => {
    Object.assign(provider, { clientMetadataUrl: docUrl });
    const base = server.url.origin;
    const meta = (await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(meta.client_id_metadata_document_supported).toBe(true);

    const transport = transportFor(provider);
    await expect(new Client({ name: "cimd-e2e", version: "0" }).connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.info?.client_id).toBe(docUrl);
    expect(provider.info?.client_secret).toBeUndefined();
    expect(asked.filter((a) => a.includes("/register"))).toEqual([]);
    const url = provider.authorizationUrl!;
    expect(url.searchParams.get("client_id")).toBe(docUrl);

    const page = await openPage(url);
    expect(page.status).toBe(200);
    expect(docFetches).toBe(1);
    // The name is the client's own claim: the page says which host vouches for it.
    expect(page.html).toContain("CIMD Test Client");
    const docHost = new URL(docUrl).host;
    expect(page.html).toMatch(new RegExp(`name given by <code>${docHost.replace(/[.]/g, "\\.")}</code>`));

    const checked = await submit(base, page, { action: "check", vndb_token: WRITER });
    expect(await checked.text()).toContain("Yorhel");
    const params = callbackParams(await submit(base, page, { action: "allow" }));
    expect(params.get("iss")).toBe(base);
    await transport.finishAuth(params);
    expect(provider.stored?.access_token).toMatch(/^vndbmcp_at_/);
  });

  it("calls tools as the grant's VNDB user in the 2025 and the 2026-07-28 era", async () => {
    const c2025 = new Client({ name: "cimd-e2e", version: "0" });
    await c2025.connect(transportFor(provider));
    expect((await c2025.listTools()).tools.map((t) => t.name)).toContain("vndb_update_list_entry");
    expect(text(await c2025.callTool({ name: "vndb_get_auth_info", arguments: {} }))).toContain("u2");
    await c2025.close();

    const c2026 = new Client({ name: "cimd-e2e-2026", version: "0" }, { versionNegotiation: { mode: { pin: "2026-07-28" as const } } });
    await c2026.connect(transportFor(provider));
    expect(text(await c2026.callTool({ name: "vndb_get_auth_info", arguments: {} }))).toContain("u2");
    await c2026.close();
  });

  it("refreshes as the document client, from the cached document (no second fetch)", async () => {
    const oldRefresh = provider.stored!.refresh_token!;
    provider.stored = { ...provider.stored!, access_token: "vndbmcp_at_expired" };
    const client = new Client({ name: "cimd-e2e", version: "0" });
    await client.connect(transportFor(provider));
    expect(text(await client.callTool({ name: "vndb_get_auth_info", arguments: {} }))).toContain("u2");
    expect(provider.stored!.refresh_token).not.toBe(oldRefresh);
    await client.close();
    expect(docFetches).toBe(1);
    expect(asked.filter((a) => a.includes("/register"))).toEqual([]);
  });
});
