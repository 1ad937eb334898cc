// Shared by the OAuth tests: an SDK v2 OAuth client provider kept in memory, and the
// person's side of the sign-in page driven with fetch (forms posted as a browser would,
// with the CSRF cookie carried between the steps). The browser test drives the same page in
// Chromium instead.

import type { OAuthClientMetadata, OAuthClientProvider, OAuthDiscoveryState, StoredOAuthClientInformation, StoredOAuthTokens } from "@modelcontextprotocol/client";

export const CALLBACK_URL = "http://127.0.0.1:8765/callback";

export class MemoryProvider implements OAuthClientProvider {
  info: StoredOAuthClientInformation | undefined;
  stored: StoredOAuthTokens | undefined;
  verifier = "";
  discovery: OAuthDiscoveryState | undefined;
  authorizationUrl: URL | undefined;
  lastState = "";
  readonly redirectUrl = CALLBACK_URL;
  constructor(readonly clientMetadata: OAuthClientMetadata = { client_name: "Test connector", redirect_uris: [CALLBACK_URL], token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"], response_types: ["code"] }) {}
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: StoredOAuthClientInformation) {
    this.info = info;
  }
  tokens() {
    return this.stored;
  }
  saveTokens(tokens: StoredOAuthTokens) {
    this.stored = tokens;
  }
  state() {
    this.lastState = `state-${Math.random().toString(36).slice(2)}`;
    return this.lastState;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/** The hidden fields of the page's first form, and the CSRF cookie it set. */
export interface PageState {
  consent: string;
  csrf: string;
  cookie: string;
  html: string;
  status: number;
  headers: Headers;
}

export async function openPage(url: URL | string): Promise<PageState> {
  const res = await fetch(url, { redirect: "manual" });
  const html = await res.text();
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1] ?? "";
  const cookie = (res.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
  return { consent: field("consent"), csrf: field("csrf"), cookie, html, status: res.status, headers: res.headers };
}

/** Posts one of the page's buttons; returns the answer without following a redirect. */
export async function submit(base: string, page: PageState, fields: Record<string, string>, cookie = page.cookie): Promise<Response> {
  return fetch(new URL("/authorize", base), {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}), origin: new URL(base).origin },
    body: new URLSearchParams({ consent: page.consent, csrf: page.csrf, ...fields }).toString(),
  });
}

/** The query of the redirect back to the client (code or error, state, iss). */
export function callbackParams(res: Response): URLSearchParams {
  const location = res.headers.get("location");
  if (res.status !== 303 || !location) throw new Error(`expected a 303 to the client, got ${res.status}`);
  if (!location.startsWith(CALLBACK_URL)) throw new Error(`redirected elsewhere: ${location}`);
  return new URL(location).searchParams;
}
