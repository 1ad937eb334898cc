// GET /authorize checks the request (client, exact redirect URI, PKCE S256, resource) and
// parks it as a consent record, then shows the page; POST /authorize is the page's forms:
// check a VNDB token (at once, with /authinfo), allow, go on without a token, or cancel.
// Until the redirect URI is known to be the client's, errors are shown on a page and never
// sent anywhere (RFC 6749 §4.1.2.1); after that they go back to the client with `iss`
// (RFC 9207), as the code does.

import type { IncomingMessage, ServerResponse } from "node:http";
import type { AuthContext } from "./context.js";
import { SCOPE } from "./context.js";
import { confirmPage, errorPage, pageHeaders, tokenPage, type ConsentView } from "./consent-page.js";
import { createGrant } from "./grants.js";
import { cookies, OAuthFailure, param, readForm } from "./http-io.js";
import { CONSENT_TTL_MS, MAX_FORM_BYTES, MAX_PARAM_CHARS, PKCE_CHALLENGE } from "./limits.js";
import type { ClientRecord, ConsentRecord } from "./records.js";
import { fingerprint, issue, sameSecret } from "./secrets.js";
import { parseAuthorization } from "../kana/token.js";

/** A failure shown on the page itself: the redirect URI cannot be trusted (yet). */
class PageFailure extends Error {}

/** The CSRF cookie; `__Host-` (Secure, whole site, no Domain) where the issuer is https. */
const csrfCookieName = (ctx: AuthContext) => (ctx.setup.issuer.startsWith("https:") ? "__Host-vndb-mcp-csrf" : "vndb-mcp-csrf");

function csrfCookie(ctx: AuthContext, value: string): string {
  const secure = ctx.setup.issuer.startsWith("https:") ? "; Secure" : "";
  return `${csrfCookieName(ctx)}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${CONSENT_TTL_MS / 1000}${secure}`;
}

/** The origin (or scheme, for an app's own scheme) a form may be redirected to. */
function formTarget(redirectUri: string): string {
  const url = new URL(redirectUri);
  return url.protocol === "http:" || url.protocol === "https:" ? url.origin : url.protocol;
}

function sendPage(res: ServerResponse, status: number, body: string, redirectUri: string | undefined, extra: Record<string, string> = {}): void {
  res.writeHead(status, { ...pageHeaders(redirectUri ? [formTarget(redirectUri)] : []), ...extra });
  res.end(body);
}

/** The client's redirect URI with these parameters (plus state and iss). */
function backUrl(ctx: AuthContext, consent: Pick<ConsentRecord, "redirectUri" | "state">, params: Record<string, string>): string {
  const target = new URL(consent.redirectUri);
  for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
  if (consent.state !== undefined) target.searchParams.set("state", consent.state);
  target.searchParams.set("iss", ctx.setup.issuer);
  return target.href;
}

/** Sends the browser back to the client with these parameters (plus state and iss). */
function redirectBack(ctx: AuthContext, res: ServerResponse, consent: Pick<ConsentRecord, "redirectUri" | "state">, params: Record<string, string>): void {
  // 303: the browser follows a POST's answer with a GET (RFC 9110 §15.4.4).
  res.writeHead(303, { location: backUrl(ctx, consent, params), "cache-control": "no-store", "referrer-policy": "no-referrer" });
  res.end();
}

/** Same resource, compared as the SDK does: ignoring one trailing slash. */
const sameResource = (a: string, b: string) => a.replace(/\/$/, "") === b.replace(/\/$/, "");

/** This server's public host name, as people reach it (the issuer's, not the request's Host). */
const serverHost = (ctx: AuthContext) => new URL(ctx.setup.issuer).host;

function viewOf(ctx: AuthContext, client: ClientRecord, consent: ConsentRecord, consentId: string, csrf: string, error?: string): ConsentView {
  return {
    server: serverHost(ctx),
    clientName: client.client_name || new URL(consent.redirectUri).host || client.client_id,
    ...(client.source === "metadata-document" ? { nameFrom: new URL(client.client_id).host } : {}),
    returnsTo: new URL(consent.redirectUri).host || consent.redirectUri,
    consentId,
    csrf,
    ...(error ? { error } : {}),
  };
}

export async function handleAuthorizeGet(ctx: AuthContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const query = new URL(req.url ?? "/", ctx.setup.issuer).searchParams;
  let client: ClientRecord;
  let redirectUri: string;
  try {
    const clientId = param(query, "client_id");
    if (!clientId) throw new PageFailure("The request names no client (client_id is missing).");
    client = await ctx.clients.find(clientId).catch((error: unknown) => {
      throw error instanceof OAuthFailure ? new PageFailure(`This app is not known here: ${error.description}.`) : error; // a store failure answers 503
    });
    const asked = param(query, "redirect_uri");
    if (asked === undefined && client.redirect_uris.length !== 1) throw new PageFailure("The request has no redirect_uri and the app registered several.");
    redirectUri = asked ?? client.redirect_uris[0]!;
    if (!client.redirect_uris.includes(redirectUri)) throw new PageFailure("The redirect_uri is not one this app registered (it must match exactly).");
  } catch (error) {
    if (error instanceof PageFailure) return sendPage(res, 400, errorPage(error.message, undefined, serverHost(ctx)), undefined);
    if (error instanceof OAuthFailure) return sendPage(res, 400, errorPage(error.description, undefined, serverHost(ctx)), undefined);
    throw error;
  }
  const states = query.getAll("state");
  // Bounded like every other parameter (it is stored with the consent and sent back).
  if (states.length > 1 || (states[0] ?? "").length > MAX_PARAM_CHARS) {
    return sendPage(res, 400, errorPage(states.length > 1 ? "The request gives state more than once." : `The request's state is longer than ${MAX_PARAM_CHARS} characters.`, undefined, serverHost(ctx)), undefined);
  }
  const state = states[0] || undefined;
  // Anyone may register any redirect URI, so a broken request is not bounced there on its own
  // (RFC 9700 §4.11.2: this server would be an open redirector); the person follows a link back.
  const back = (error: string, description: string) => {
    const href = backUrl(ctx, { redirectUri, ...(state !== undefined ? { state } : {}) }, { error, error_description: description });
    return sendPage(res, 400, errorPage(`The app's request cannot be used: ${description}.`, { href, to: new URL(redirectUri).host || redirectUri }, serverHost(ctx)), undefined);
  };
  try {
    if (param(query, "response_type") !== "code") return back("unsupported_response_type", "only response_type=code is supported");
    const challenge = param(query, "code_challenge");
    if (!challenge || param(query, "code_challenge_method") !== "S256") {
      return back("invalid_request", "PKCE is required: send code_challenge with code_challenge_method=S256");
    }
    if (!PKCE_CHALLENGE.test(challenge)) return back("invalid_request", "code_challenge is not a base64url SHA-256 (43 characters)");
    const resource = param(query, "resource") ?? ctx.setup.resource;
    if (!sameResource(resource, ctx.setup.resource)) return back("invalid_target", `this server issues tokens only for ${ctx.setup.resource}`);
    const consentId = issue("consent");
    const csrf = issue("csrf");
    const consent: ConsentRecord = {
      clientId: client.client_id,
      redirectUri,
      codeChallenge: challenge,
      ...(state !== undefined ? { state } : {}),
      scope: SCOPE,
      resource: ctx.setup.resource,
      csrfHash: fingerprint(csrf),
    };
    await ctx.store.put("consent", consentId, consent, CONSENT_TTL_MS);
    sendPage(res, 200, tokenPage(viewOf(ctx, client, consent, consentId, csrf)), redirectUri, { "set-cookie": csrfCookie(ctx, csrf) });
  } catch (error) {
    if (error instanceof OAuthFailure) return back(error.code, error.description);
    throw error;
  }
}

/** What VNDB's answer means for the person on the page. */
function refusalText(error: unknown): string {
  const status = (error as { status?: unknown }).status;
  if (status === 401) return "VNDB does not accept this token (it may be mistyped, deleted or expired). Copy it again from vndb.org, or continue without a token.";
  return "VNDB could not be asked about this token just now. Try again in a moment, or continue without a token.";
}

export async function handleAuthorizePost(ctx: AuthContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const form = await readForm(req, MAX_FORM_BYTES);
  const consentId = param(form, "consent") ?? "";
  const csrf = param(form, "csrf") ?? "";
  const consent = consentId ? await ctx.store.get<ConsentRecord>("consent", consentId) : undefined;
  if (!consent) return sendPage(res, 400, errorPage("This sign-in page has expired or was already used.", undefined, serverHost(ctx)), undefined);
  const cookie = cookies(req).get(csrfCookieName(ctx)) ?? "";
  // Double submit: the form's value must be the browser's cookie and the one parked with the request.
  if (!csrf || !sameSecret(cookie, csrf) || !sameSecret(fingerprint(csrf), consent.csrfHash)) {
    return sendPage(res, 403, errorPage("This form did not come from this sign-in page (the security check failed). Open the link from your app again.", undefined, serverHost(ctx)), undefined);
  }
  const client = await ctx.clients.find(consent.clientId).catch((error: unknown) => {
    if (error instanceof OAuthFailure) return undefined;
    throw error; // a store failure answers 503
  });
  if (!client) return sendPage(res, 400, errorPage("The app is no longer registered here.", undefined, serverHost(ctx)), undefined);
  const view = (error?: string) => viewOf(ctx, client, consent, consentId, csrf, error);
  const action = param(form, "action");

  if (action === "deny") {
    await ctx.store.take("consent", consentId);
    return redirectBack(ctx, res, consent, { error: "access_denied", error_description: "the person declined on the sign-in page" });
  }
  if (action === "anonymous") {
    if (!(await ctx.store.take("consent", consentId))) return sendPage(res, 400, errorPage("This sign-in page was already used.", undefined, serverHost(ctx)), undefined);
    return redirectBack(ctx, res, consent, { code: await createGrant(ctx, consent, undefined, undefined) });
  }
  if (action === "back") {
    const { sealedToken: _t, user: _u, ...fresh } = consent;
    await ctx.store.put("consent", consentId, fresh, CONSENT_TTL_MS);
    return sendPage(res, 200, tokenPage(view()), consent.redirectUri);
  }
  if (action === "check") {
    const token = (form.get("vndb_token") ?? "").trim();
    if (token === "") return sendPage(res, 400, tokenPage(view("Paste a VNDB token, or continue without one.")), consent.redirectUri);
    // The shape first, as VNDB checks it (reference §2.3): no request for an obvious typo.
    if (!parseAuthorization(`Token ${token}`).ok) {
      return sendPage(res, 400, tokenPage(view("That does not look like a VNDB API token (32 letters and digits, grouped with dashes). Copy it again from vndb.org.")), consent.redirectUri);
    }
    let user;
    try {
      // Paid by who asks: its address's token checks and its share of the budget, not the token's.
      const asker = ctx.askerOf(req);
      ctx.checks.take(asker.address, asker.pooled);
      user = await ctx.checkToken(token, asker.budgetKeys);
    } catch (error) {
      if (error instanceof OAuthFailure) return sendPage(res, 429, tokenPage(view(`Too many token checks from your address; ${error.description}.`)), consent.redirectUri, error.headers);
      return sendPage(res, 400, tokenPage(view(refusalText(error))), consent.redirectUri);
    }
    const checked: ConsentRecord = { ...consent, sealedToken: ctx.sealer.seal(token, `consent:${consentId}`), user };
    await ctx.store.put("consent", consentId, checked, CONSENT_TTL_MS);
    return sendPage(res, 200, confirmPage(view(), user), consent.redirectUri);
  }
  if (action === "allow") {
    const taken = await ctx.store.take<ConsentRecord>("consent", consentId);
    const token = taken?.sealedToken ? ctx.sealer.open(taken.sealedToken, `consent:${consentId}`) : undefined;
    if (!taken || !token || !taken.user) return sendPage(res, 400, errorPage("This sign-in page was already used or its token check was lost; start again from your app.", undefined, serverHost(ctx)), undefined);
    return redirectBack(ctx, res, taken, { code: await createGrant(ctx, taken, token, taken.user) });
  }
  return sendPage(res, 400, tokenPage(view("Choose one of the buttons below.")), consent.redirectUri);
}
