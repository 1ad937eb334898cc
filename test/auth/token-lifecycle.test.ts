// POST /token, refresh rotation, revocation and the bearer of MCP requests (in process):
// codes work once, for their client, redirect URI and PKCE verifier, and briefly; refresh
// tokens rotate and a reused one ends the grant; revocation ends the grant; the bearer
// resolves to the grant's VNDB token, and a raw VNDB token or a dead grant gets a 401 that
// points at the metadata and says how to reconnect. Nothing secret is stored in clear.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPage, submit } from "./helpers.js";
import { authorizeUrl, CALLBACK, callMcp, form, pkce, register, signIn, startHarness, WRITER, type Harness } from "./harness.js";
import { TokenSealer } from "../../src/auth/sealed-token.js";
import { fingerprint } from "../../src/auth/secrets.js";
import type { AccessRecord, GrantRecord } from "../../src/auth/records.js";
import { redisAuthStore } from "../../src/auth/redis-store.js";

let h: Harness;
beforeAll(async () => void (h = await startHarness()));
afterAll(() => h.close());

/** A fresh code (token pasted and allowed) with what is needed to exchange it. */
async function freshCode() {
  const client = await register(h.base);
  const { verifier, challenge } = pkce();
  const page = await openPage(authorizeUrl(h.base, { response_type: "code", client_id: client.client_id, redirect_uri: CALLBACK, code_challenge: challenge, code_challenge_method: "S256" }));
  await submit(h.base, page, { action: "check", vndb_token: WRITER });
  const back = await submit(h.base, page, { action: "allow" });
  const code = new URL(back.headers.get("location")!).searchParams.get("code")!;
  const exchange = (fields: Record<string, string> = {}) =>
    fetch(`${h.base}/token`, form({ grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: CALLBACK, client_id: client.client_id, ...fields }));
  return { client, code, verifier, exchange };
}

const errorOf = async (res: Response) => ((await res.json()) as { error: string; error_description: string });

describe("the authorization code", () => {
  it("works once", async () => {
    const { exchange } = await freshCode();
    expect((await exchange()).status).toBe(200);
    const again = await exchange();
    expect(again.status).toBe(400);
    expect((await errorOf(again)).error).toBe("invalid_grant");
  });

  it.each([
    ["a wrong PKCE verifier", { code_verifier: "x".repeat(43) }],
    ["another redirect URI", { redirect_uri: "http://127.0.0.1:8765/other" }],
    ["another resource", { resource: "https://elsewhere.example/mcp" }],
  ])("is refused with %s", async (_what, change) => {
    const { exchange } = await freshCode();
    const res = await exchange(change);
    expect(res.status).toBe(400);
    expect(["invalid_grant", "invalid_target"]).toContain((await errorOf(res)).error);
  });

  it("is refused for another client", async () => {
    const { exchange } = await freshCode();
    const other = await register(h.base);
    const res = await exchange({ client_id: other.client_id });
    expect((await errorOf(res)).error_description).toContain("another client");
  });

  it("expires after a minute", async () => {
    const { exchange } = await freshCode();
    h.clock.now += 61_000;
    try {
      expect((await exchange()).status).toBe(400);
    } finally {
      h.clock.now -= 61_000;
    }
  });

  it("refuses other grant types", async () => {
    const res = await fetch(`${h.base}/token`, form({ grant_type: "password", username: "a", password: "b" }));
    expect((await errorOf(res)).error).toBe("unsupported_grant_type");
  });
});

describe("the bearer of an MCP request", () => {
  it("resolves to the grant's VNDB token, or to none for a read-only grant", async () => {
    const withToken = await signIn(h.base, WRITER);
    expect(await (await callMcp(h.base, withToken.tokens.access_token)).json()).toMatchObject({ token: "writer" });
    const readOnly = await signIn(h.base, undefined);
    expect(await (await callMcp(h.base, readOnly.tokens.access_token)).json()).toMatchObject({ token: "none" });
  });

  it.each([
    ["no Authorization", undefined],
    ["a raw VNDB token", WRITER],
    ["an unknown access token", "vndbmcp_at_unknown"],
  ])("answers %s with 401 and the resource-metadata challenge", async (_what, bearer) => {
    const res = await callMcp(h.base, bearer);
    expect(res.status).toBe(401);
    const challenge = res.headers.get("www-authenticate")!;
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain(`resource_metadata="${h.base}/.well-known/oauth-protected-resource/mcp"`);
    if (bearer === WRITER) expect(challenge).toContain("sign-in page");
  });

  it("stops working when the access token expires", async () => {
    const { tokens } = await signIn(h.base, WRITER);
    h.clock.now += (tokens.expires_in + 1) * 1000;
    try {
      expect((await callMcp(h.base, tokens.access_token)).status).toBe(401);
    } finally {
      h.clock.now -= (tokens.expires_in + 1) * 1000;
    }
  });
});

describe("refresh and revocation", () => {
  const refresh = (client: { client_id: string }, token: string) => fetch(`${h.base}/token`, form({ grant_type: "refresh_token", refresh_token: token, client_id: client.client_id }));

  it("rotates the refresh token; reusing the old one ends the grant", async () => {
    const { client, tokens } = await signIn(h.base, WRITER);
    const next = (await (await refresh(client, tokens.refresh_token)).json()) as { access_token: string; refresh_token: string };
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect((await callMcp(h.base, next.access_token)).status).toBe(200);
    const reuse = await refresh(client, tokens.refresh_token);
    expect((await errorOf(reuse)).error_description).toContain("already used");
    const after = await callMcp(h.base, next.access_token);
    expect(after.status).toBe(401);
    expect(after.headers.get("www-authenticate")).toContain("connect to this server again");
  });

  it("refuses a refresh token presented by another client, and keeps it usable by its own", async () => {
    const { client, tokens } = await signIn(h.base, WRITER);
    const other = await register(h.base);
    expect((await refresh(other, tokens.refresh_token)).status).toBe(400);
    expect((await refresh(client, tokens.refresh_token)).status).toBe(200);
  });

  it("revokes the whole grant from either token; unknown tokens answer 200 too", async () => {
    const { client, tokens } = await signIn(h.base, WRITER);
    const revoke = (token: string, id = client.client_id) => fetch(`${h.base}/revoke`, form({ token, client_id: id }));
    const stranger = await register(h.base);
    expect((await revoke(tokens.access_token, stranger.client_id)).status).toBe(200);
    expect((await callMcp(h.base, tokens.access_token)).status).toBe(200); // not the stranger's to revoke
    expect((await revoke(tokens.access_token)).status).toBe(200);
    expect((await callMcp(h.base, tokens.access_token)).status).toBe(401);
    expect((await refresh(client, tokens.refresh_token)).status).toBe(400);
    expect((await revoke("vndbmcp_rt_never_issued")).status).toBe(200);
  });
});

describe("what is stored", () => {
  it("holds the VNDB token only sealed and issued tokens only as fingerprints", async () => {
    const { tokens } = await signIn(h.base, WRITER);
    const dump = h.store.dump().join("\n");
    expect(dump).toContain("sealedToken");
    for (const secret of [WRITER, WRITER.replace(/-/g, ""), tokens.access_token, tokens.refresh_token]) expect(dump).not.toContain(secret);
    expect(h.logs.join("\n")).not.toContain(WRITER);
  });

  it("needs a live token of the grant besides the secret to open the VNDB token", async () => {
    const secret = "the-operator-secret-the-operator-secret";
    const s = await startHarness({ secret });
    try {
      const { tokens } = await signIn(s.base, WRITER);
      const records = new Map(s.store.dump().map((line) => [line.slice(0, line.indexOf(" ")), JSON.parse(line.slice(line.indexOf(" ") + 1))]));
      const access = records.get(`access:${fingerprint(tokens.access_token)}`) as AccessRecord;
      const grant = records.get(`grant:${access.grantId}`) as GrantRecord;
      const sealer = new TokenSealer(secret);
      expect(sealer.open(grant.sealedToken!, access.grantId)).toBeUndefined(); // the secret alone
      expect(sealer.unwrapKey(access.wrappedKey!, "vndbmcp_at_guess")).toBeUndefined(); // another token
      const key = sealer.unwrapKey(access.wrappedKey!, tokens.access_token)!;
      expect(sealer.openWith(key, grant.sealedToken!, access.grantId)).toBe(WRITER); // with the live token
    } finally {
      await s.close();
    }
  });

  it("lets another replica with the same public URL, secret and store serve the grant, refresh and revoke it", async () => {
    const settings = { publicUrl: "https://vndb-mcp.example", secret: "shared-secret-shared-secret-shared-secret" };
    const a = await startHarness(settings);
    const b = await startHarness(settings, a.store);
    try {
      const { client, tokens } = await signIn(a.base, WRITER);
      expect(await (await callMcp(b.base, tokens.access_token)).json()).toMatchObject({ token: "writer" });
      const refreshed = await fetch(`${b.base}/token`, form({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: client.client_id }));
      const next = (await refreshed.json()) as { access_token: string };
      expect(await (await callMcp(a.base, next.access_token)).json()).toMatchObject({ token: "writer" });
      await fetch(`${a.base}/revoke`, form({ token: next.access_token, client_id: client.client_id }));
      expect((await callMcp(b.base, next.access_token)).status).toBe(401);
    } finally {
      await b.close();
      await a.close();
    }
  });

  it("cannot open a sealed token under another secret: the grant must be made again", async () => {
    const a = await startHarness({ secret: "first-secret-first-secret-first-secret" });
    const b = await startHarness({ secret: "other-secret-other-secret-other-secret" }, a.store);
    try {
      const { tokens } = await signIn(a.base, WRITER);
      expect((await callMcp(a.base, tokens.access_token)).status).toBe(200);
      const res = await callMcp(b.base, tokens.access_token);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toContain("cannot be opened");
    } finally {
      await b.close();
      await a.close();
    }
  });
});

describe("a grant store that is away", () => {
  it("answers 503 with Retry-After on every endpoint instead of hanging or failing obscurely", async () => {
    const away = redisAuthStore({ sendCommand: () => Promise.reject(new Error("The client is closed")) }, "p:", "away", async () => {});
    const s = await startHarness({}, away);
    try {
      const token = await fetch(`${s.base}/token`, form({ grant_type: "refresh_token", refresh_token: "vndbmcp_rt_x", client_id: "vndbmcp_client_x" }));
      expect(token.status).toBe(503);
      expect(token.headers.get("retry-after")).toBe("5");
      expect(await token.json()).toMatchObject({ error: "temporarily_unavailable" });
      const page = await fetch(authorizeUrl(s.base, { response_type: "code", client_id: "vndbmcp_client_x", redirect_uri: CALLBACK }), { redirect: "manual" });
      expect(page.status).toBe(503);
      const mcp = await callMcp(s.base, "vndbmcp_at_x");
      expect(mcp.status).toBe(503);
      expect(mcp.headers.get("retry-after")).toBe("5");
    } finally {
      await s.close();
    }
  });
});
