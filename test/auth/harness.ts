// An authorization server in process for the conformance tests: startOAuth over a memory
// store with a controllable clock and a table of known VNDB tokens in place of /authinfo,
// mounted on a bare node:http server whose one protected route reports the grant it
// resolved (never the token itself, only whether it is the expected one).

import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import { startOAuth, type BearerRefusal, type OAuthDeps, type OAuthEndpoint } from "../../src/auth/oauth-server.js";
import type { OAuthSettings } from "../../src/auth/options.js";
import type { VndbUser } from "../../src/auth/records.js";
import { MemoryAuthStore, type AuthStore } from "../../src/auth/store.js";

/** Catalogue-shaped tokens (docs/catalogue.md); the harness does not ask VNDB. */
export const KNOWN_TOKENS: Record<string, VndbUser> = {
  "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy": { id: "u2", username: "Yorhel", permissions: ["listread", "listwrite"] },
  "nreo-yretn-reoyr-etnr-eoyre-tnreo-gret": { id: "u3", username: "ayo", permissions: ["listread"] },
};
export const WRITER = "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy";
/** Well-formed (reference §2.3) but unknown: VNDB answers 401. */
export const UNKNOWN = "uqjo-bujau-zfobx-emh3-pyyyk-49eyo-8thf";
export const CALLBACK = "http://127.0.0.1:8765/callback";

export interface Harness {
  base: string;
  oauth: OAuthEndpoint;
  store: MemoryAuthStore;
  clock: { now: number };
  logs: string[];
  /** Token checks that reached "VNDB" (the table standing in for /authinfo). */
  checks: { count: number };
  close(): Promise<void>;
}

/** The conformance tests sign in many times from 127.0.0.1; the per-address limits have their own test (address-limits.test.ts). */
const GENEROUS = { registrations: 100_000, pageRequests: 100_000, tokenChecks: 100_000 };

export async function startHarness(settings: OAuthSettings = {}, sharedStore?: AuthStore, limits: OAuthDeps["limits"] = GENEROUS): Promise<Harness> {
  const clock = { now: Date.now() };
  const store = (sharedStore as MemoryAuthStore | undefined) ?? new MemoryAuthStore(undefined, () => clock.now);
  const logs: string[] = [];
  const checks = { count: 0 };
  let oauth!: OAuthEndpoint;
  const server: Server = createServer((req, res) => {
    void (async () => {
      if (await oauth.handle(req, res)) return;
      let grant;
      try {
        grant = await oauth.resolve(req);
      } catch (error) {
        const refusal = error as BearerRefusal;
        res.writeHead(refusal.status, refusal.headers);
        res.end(JSON.stringify({ error: refusal.message }));
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ grantId: grant.grantId, token: grant.vndbToken === undefined ? "none" : KNOWN_TOKENS[grant.vndbToken] ? grant.vndbToken === WRITER ? "writer" : "known" : "other" }));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  oauth = await startOAuth(settings, { host: "127.0.0.1", port }, {
    log: { info: (m) => logs.push(m), warn: (m) => logs.push(m) },
    store,
    limits,
    checkToken: async (token) => {
      checks.count++;
      const user = KNOWN_TOKENS[token];
      if (!user) throw Object.assign(new Error("Invalid token."), { status: 401 });
      return user;
    },
  });
  return {
    base: `http://127.0.0.1:${port}`, // where the test reaches it (the issuer may be a public URL)
    oauth,
    store,
    clock,
    logs,
    checks,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await oauth.close();
    },
  };
}

export function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export async function register(base: string, meta: Record<string, unknown> = {}): Promise<{ client_id: string; client_secret?: string }> {
  const res = await fetch(`${base}/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_name: "Harness", redirect_uris: [CALLBACK], token_endpoint_auth_method: "none", ...meta }),
  });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { client_id: string; client_secret?: string };
}

export function authorizeUrl(base: string, params: Record<string, string | undefined>): string {
  const url = new URL(`${base}/authorize`);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.href;
}

export function form(fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit {
  return { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body: new URLSearchParams(fields).toString() };
}

/** Registration → page → (token checked → allow | anonymous) → code → tokens. */
export async function signIn(base: string, token: string | undefined, client?: { client_id: string; client_secret?: string }) {
  const { openPage, submit } = await import("./helpers.js");
  const c = client ?? (await register(base));
  const { verifier, challenge } = pkce();
  const page = await openPage(authorizeUrl(base, { response_type: "code", client_id: c.client_id, redirect_uri: CALLBACK, code_challenge: challenge, code_challenge_method: "S256", state: "s1" }));
  if (token) await submit(base, page, { action: "check", vndb_token: token });
  const back = await submit(base, page, { action: token ? "allow" : "anonymous" });
  const code = new URL(back.headers.get("location")!).searchParams.get("code")!;
  const res = await fetch(`${base}/token`, form({ grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: CALLBACK, client_id: c.client_id, ...(c.client_secret ? { client_secret: c.client_secret } : {}) }));
  const tokens = (await res.json()) as { access_token: string; refresh_token: string; expires_in: number };
  return { client: c, tokens, status: res.status };
}

export async function callMcp(base: string, bearer?: string): Promise<Response> {
  return fetch(`${base}/mcp`, { method: "POST", headers: { "content-type": "application/json", ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) }, body: "{}" });
}
