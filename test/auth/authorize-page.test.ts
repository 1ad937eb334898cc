// GET /authorize and the page's forms (in process): requests that cannot go back to their
// client are shown on a page, the rest are shown with a link back (error, state, iss); the page's
// security headers, CSRF check and escaping; a pasted token is checked at once.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPage, submit } from "./helpers.js";
import { authorizeUrl, CALLBACK, pkce, register, startHarness, UNKNOWN, WRITER, type Harness } from "./harness.js";

let h: Harness;
let clientId: string;
const { challenge } = pkce();
beforeAll(async () => {
  h = await startHarness();
  clientId = (await register(h.base, { client_name: "<script>alert(1)</script> Tool" })).client_id;
});
afterAll(() => h.close());

const good = () => ({ response_type: "code", client_id: clientId, redirect_uri: CALLBACK, code_challenge: challenge, code_challenge_method: "S256", state: "xyz" });

describe("requests that cannot be sent back", () => {
  it.each([
    ["an unknown client", { client_id: "vndbmcp_client_nope" }, "not known here"],
    ["a redirect URI that differs by one character", { redirect_uri: `${CALLBACK}/` }, "must match exactly"],
    ["no client at all", { client_id: undefined }, "client_id is missing"],
  ])("shows %s on a page and redirects nowhere", async (_what, change, text) => {
    const res = await fetch(authorizeUrl(h.base, { ...good(), ...change }), { redirect: "manual" });
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
    expect(await res.text()).toContain(text);
  });
});

describe("requests answered with an error for the client", () => {
  it.each([
    ["no PKCE", { code_challenge: undefined }, "invalid_request"],
    ["the plain PKCE method", { code_challenge_method: "plain" }, "invalid_request"],
    ["another response type", { response_type: "token" }, "unsupported_response_type"],
    ["a token for another resource", { resource: "https://elsewhere.example/mcp" }, "invalid_target"],
  ])("shows %s on a page linking back to the client's redirect URI with state and iss", async (_what, change, error) => {
    const res = await fetch(authorizeUrl(h.base, { ...good(), ...change }), { redirect: "manual" });
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull(); // not automatic: open-redirect.test.ts says why
    const href = /<a href="([^"]+)" rel="noreferrer">Return to/.exec(await res.text())?.[1] ?? "";
    const back = new URL(href.replaceAll("&amp;", "&"));
    expect(back.origin + back.pathname).toBe(CALLBACK);
    expect(back.searchParams.get("error")).toBe(error);
    expect(back.searchParams.get("state")).toBe("xyz");
    expect(back.searchParams.get("iss")).toBe(h.base);
  });
});

describe("the page", () => {
  it("forbids framing and scripts, posts only here and to the client, and sets a strict CSRF cookie", async () => {
    const page = await openPage(authorizeUrl(h.base, good()));
    expect(page.status).toBe(200);
    const csp = page.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(`form-action 'self' ${new URL(CALLBACK).origin}`);
    expect(csp).not.toContain("script-src");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("set-cookie")).toMatch(/HttpOnly; SameSite=Strict/);
    expect(page.html).not.toContain("<script");
  });

  it("escapes what the client chose (its name)", async () => {
    const page = await openPage(authorizeUrl(h.base, good()));
    expect(page.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Tool");
  });

  it("refuses a form without the browser's CSRF cookie, or with another value", async () => {
    const page = await openPage(authorizeUrl(h.base, good()));
    const noCookie = await submit(h.base, page, { action: "anonymous" }, "");
    expect(noCookie.status).toBe(403);
    const other = await submit(h.base, { ...page, csrf: "vndbmcp_csrf_forged" }, { action: "anonymous" });
    expect(other.status).toBe(403);
    // The genuine form still works afterwards.
    expect((await submit(h.base, page, { action: "anonymous" })).status).toBe(303);
  });

  it("checks a pasted token at once: a refused one stays on the page with the reason", async () => {
    const page = await openPage(authorizeUrl(h.base, good()));
    const refused = await submit(h.base, page, { action: "check", vndb_token: UNKNOWN });
    expect(refused.status).toBe(400);
    const text = await refused.text();
    expect(text).toContain("VNDB does not accept this token");
    expect(text).not.toContain(UNKNOWN);
    const typo = await submit(h.base, page, { action: "check", vndb_token: "hello" });
    expect(await typo.text()).toContain("does not look like a VNDB API token");
    const ok = await submit(h.base, page, { action: "check", vndb_token: WRITER });
    const confirm = await ok.text();
    expect(confirm).toContain("Yorhel");
    expect(confirm).toContain("change and remove entries of your list");
    expect(confirm).not.toContain(WRITER);
  });

  it("sends access_denied back on cancel, and a page works once", async () => {
    const page = await openPage(authorizeUrl(h.base, good()));
    const denied = await submit(h.base, page, { action: "deny" });
    expect(new URL(denied.headers.get("location")!).searchParams.get("error")).toBe("access_denied");
    const again = await submit(h.base, page, { action: "anonymous" });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("expired or was already used");
  });

  it("forgets a page after its lifetime", async () => {
    const page = await openPage(authorizeUrl(h.base, good()));
    h.clock.now += 11 * 60_000;
    try {
      expect((await submit(h.base, page, { action: "anonymous" })).status).toBe(400);
    } finally {
      h.clock.now -= 11 * 60_000;
    }
  });
});
