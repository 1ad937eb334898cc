// Discovery (RFC 9728, RFC 8414) and dynamic client registration (RFC 7591), in process.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALLBACK, form, register, signIn, startHarness, type Harness } from "./harness.js";

let h: Harness;
beforeAll(async () => void (h = await startHarness()));
afterAll(() => h.close());

describe("discovery documents", () => {
  it("publishes protected-resource metadata at the path-aware and the root location", async () => {
    for (const path of ["/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource"]) {
      const res = await fetch(`${h.base}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(await res.json()).toMatchObject({ resource: `${h.base}/mcp`, authorization_servers: [h.base] });
    }
  });

  it("publishes authorization-server metadata: S256 only, iss in responses, metadata documents", async () => {
    const meta = (await (await fetch(`${h.base}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(meta).toMatchObject({
      issuer: h.base,
      authorization_endpoint: `${h.base}/authorize`,
      token_endpoint: `${h.base}/token`,
      registration_endpoint: `${h.base}/register`,
      revocation_endpoint: `${h.base}/revoke`,
      code_challenge_methods_supported: ["S256"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: true,
    });
  });

  it("answers other methods on a document with 405 and the allowed one", async () => {
    const res = await fetch(`${h.base}/.well-known/oauth-authorization-server`, { method: "POST" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
  });
});

describe("dynamic client registration", () => {
  const refused: [string, string][] = [
    ["http://example.com/cb", "non-loopback"],
    ["https://app.example/cb#fragment", "fragment"],
    ["javascript:alert(1)", "not allowed"],
    ["not a uri", "not an absolute URI"],
  ];
  it.each(refused)("refuses the redirect URI %s", async (uri, why) => {
    const res = await fetch(`${h.base}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ redirect_uris: [uri] }) });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; error_description: string };
    expect(body.error).toBe("invalid_redirect_uri");
    expect(body.error_description).toContain(why);
  });

  it.each(["https://claude.ai/api/mcp/auth_callback", "http://127.0.0.1:33418/callback", "http://localhost/cb", "com.example.app:/oauth"])("accepts %s", async (uri) => {
    expect((await register(h.base, { redirect_uris: [uri] })).client_id).toMatch(/^vndbmcp_client_/);
  });

  it("says what is wrong with bad metadata and refuses oversized bodies", async () => {
    const noUris = await fetch(`${h.base}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ client_name: "x" }) });
    expect(noUris.status).toBe(400);
    expect(await noUris.json()).toMatchObject({ error: "invalid_client_metadata" });
    const huge = await fetch(`${h.base}/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ redirect_uris: [CALLBACK], client_name: "x".repeat(20_000) }) });
    expect(huge.status).toBe(413);
  });

  it("gives a confidential client a secret, stores only its fingerprint and requires it at /token", async () => {
    const client = await register(h.base, { token_endpoint_auth_method: "client_secret_basic" });
    expect(client.client_secret).toMatch(/^vndbmcp_secret_/);
    expect(h.store.dump().join("\n")).not.toContain(client.client_secret!);
    const withoutSecret = await fetch(`${h.base}/token`, form({ grant_type: "refresh_token", refresh_token: "x", client_id: client.client_id }));
    expect(withoutSecret.status).toBe(401);
    expect(await withoutSecret.json()).toMatchObject({ error: "invalid_client" });
    const { status } = await signIn(h.base, undefined, client);
    expect(status).toBe(200); // with client_secret in the body, as the harness sends it
  });
});
