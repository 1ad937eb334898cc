// Client-ID metadata documents (the MCP spec's alternative to registration): a client_id
// that is the URL of a JSON document naming itself and its redirect URIs. In a local trial
// the document may be served from loopback; with a public URL a document on a private or
// loopback address is refused (no server-side request into the operator's network).

import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPrivateAddress } from "../../src/auth/clients.js";
import { authorizeUrl, CALLBACK, pkce, signIn, startHarness, type Harness } from "./harness.js";

let docs: Server;
let docBase: string;
const served = new Map<string, { status: number; body: string }>();
let h: Harness;

beforeAll(async () => {
  docs = createServer((req, res) => {
    const doc = served.get(req.url ?? "") ?? { status: 404, body: "" };
    res.writeHead(doc.status, { "content-type": "application/json" });
    res.end(doc.body);
  });
  await new Promise<void>((resolve) => docs.listen(0, "127.0.0.1", resolve));
  docBase = `http://127.0.0.1:${(docs.address() as { port: number }).port}`;
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
  await new Promise((resolve) => docs.close(resolve));
});

const page = (base: string, clientId: string) =>
  fetch(authorizeUrl(base, { response_type: "code", client_id: clientId, redirect_uri: CALLBACK, code_challenge: pkce().challenge, code_challenge_method: "S256" }), { redirect: "manual" });

describe("client-ID metadata documents", () => {
  it("fetches the document, shows its name and completes the flow with its URL as client_id", async () => {
    const id = `${docBase}/client.json`;
    served.set("/client.json", { status: 200, body: JSON.stringify({ client_id: id, client_name: "Document Client", redirect_uris: [CALLBACK] }) });
    const res = await page(h.base, id);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Document Client");
    const { status, tokens } = await signIn(h.base, undefined, { client_id: id });
    expect(status).toBe(200);
    expect(tokens.access_token).toMatch(/^vndbmcp_at_/);
  });

  it.each([
    ["/other.json", { status: 200, body: JSON.stringify({ client_id: "https://elsewhere.example/c.json", client_name: "x", redirect_uris: [CALLBACK] }) }, "names another client_id"],
    ["/missing.json", { status: 404, body: "" }, "answered HTTP 404"],
    ["/broken.json", { status: 200, body: "{not json" }, "is not JSON"],
    ["/no-uris.json", { status: 200, body: JSON.stringify({ client_id: "", client_name: "x" }) }, "not a valid client metadata document"],
  ])("refuses %s on the page", async (path, doc, text) => {
    served.set(path, doc);
    const res = await page(h.base, `${docBase}${path}`);
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
    expect(await res.text()).toContain(text);
  });

  it("with a public URL, refuses documents on loopback or private addresses", async () => {
    const hosted = await startHarness({ publicUrl: "https://vndb-mcp.example" });
    try {
      const port = new URL(docBase).port;
      const res = await page(hosted.base, `https://localhost:${port}/client.json`);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("private addresses");
    } finally {
      await hosted.close();
    }
  });

  it.each([
    ["127.0.0.1", true], ["10.1.2.3", true], ["192.168.0.1", true], ["169.254.169.254", true], ["::1", true], ["fd00::1", true], ["::ffff:127.0.0.1", true],
    ["93.184.216.34", false], ["2606:4700::1111", false],
  ])("counts %s as private: %s", (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });
});
