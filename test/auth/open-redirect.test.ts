// The authorization server as an open redirector (RFC 9700 §4.11.2): anyone may register a
// client (or publish a metadata document) with any https redirect URI, so a redirect URI
// being registered says nothing about whether it is safe. A deliberately broken request
// (no PKCE, another response type) must not bounce a browser from this server's trusted URL
// straight to that site; the person is told, and follows a link back only by choice.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorizeUrl, pkce, register, startHarness, type Harness } from "./harness.js";

const PHISHING = "https://login-vndb.example/landing";
let h: Harness;
let clientId: string;
beforeAll(async () => {
  h = await startHarness({ publicUrl: "https://vndb-mcp.example" });
  clientId = (await register(h.base, { client_name: "Anyone", redirect_uris: [PHISHING] })).client_id;
});
afterAll(() => h.close());

describe("a broken request from a freshly registered client", () => {
  it.each([
    ["without PKCE", { code_challenge: undefined }],
    ["with another response type", { response_type: "token" }],
    ["for another resource", { resource: "https://elsewhere.example/mcp" }],
  ])("%s is shown on a page, not redirected to the client's site", async (_what, change) => {
    const params = { response_type: "code", client_id: clientId, redirect_uri: PHISHING, code_challenge: pkce().challenge, code_challenge_method: "S256", state: "s", ...change };
    const res = await fetch(authorizeUrl(h.base, params), { redirect: "manual" });
    expect(res.headers.get("location")).toBeNull();
    expect(res.status).toBe(400);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });
});
