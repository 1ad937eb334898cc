// POST /token: the authorization_code grant (the code once, its client, its exact redirect
// URI, the PKCE verifier, the resource) and the refresh_token grant with rotation: every
// refresh gives a new refresh token, and presenting an old one again ends the grant (OAuth
// 2.1 §4.3.1: a reused refresh token means it leaked; the legitimate client reconnects).

import type { IncomingMessage, ServerResponse } from "node:http";
import { authenticateClient } from "./client-auth.js";
import type { AuthContext } from "./context.js";
import { endGrant, issueTokens } from "./grants.js";
import { CORS_HEADERS, OAuthFailure, param, readForm, requiredParam, sendJson } from "./http-io.js";
import { CODE_TTL_MS, GRANT_TTL_MS, MAX_FORM_BYTES, PKCE_VERIFIER } from "./limits.js";
import type { CodeRecord, GrantRecord, RefreshRecord } from "./records.js";
import { fingerprint, pkceMatches } from "./secrets.js";

/** What a client shows the person when its connection is gone. */
export const RECONNECT_HINT = "connect to this server again (disconnect and reconnect it in your app) to sign in anew";

const invalidGrant = (why: string) => new OAuthFailure(400, "invalid_grant", why, CORS_HEADERS);

export async function handleToken(ctx: AuthContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const form = await readForm(req, MAX_FORM_BYTES);
  const grantType = requiredParam(form, "grant_type");
  if (grantType !== "authorization_code" && grantType !== "refresh_token") {
    throw new OAuthFailure(400, "unsupported_grant_type", "grant_type must be authorization_code or refresh_token", CORS_HEADERS);
  }
  const client = await authenticateClient(req, form, ctx.clients);
  const resource = param(form, "resource");
  if (resource !== undefined && resource.replace(/\/$/, "") !== ctx.setup.resource) {
    throw new OAuthFailure(400, "invalid_target", `this server issues tokens only for ${ctx.setup.resource}`, CORS_HEADERS);
  }
  let grantId: string;
  let wrapped: { key?: string; by: string };
  if (grantType === "authorization_code") {
    const code = requiredParam(form, "code");
    const verifier = requiredParam(form, "code_verifier");
    // Taken, not read: a code works once, even when two requests race with it.
    const record = await ctx.store.take<CodeRecord>("code", fingerprint(code));
    if (!record) throw invalidGrant("the authorization code is unknown, expired or already used; start the sign-in again");
    if (record.used) {
      // OAuth 2.1 §4.1.3: a code presented twice has leaked; the tokens it gave are revoked.
      await endGrant(ctx, record.grantId);
      ctx.log.warn("oauth: an authorization code was used again; its grant is ended");
      throw invalidGrant("the authorization code was already used, so its connection was ended for safety; start the sign-in again");
    }
    // Kept, marked (without its key), for another code lifetime: its replay is then recognised.
    const { wrappedKey: _key, ...spent } = record;
    await ctx.store.put("code", fingerprint(code), { ...spent, used: true } satisfies CodeRecord, CODE_TTL_MS);
    if (record.clientId !== client.client_id) throw invalidGrant("the authorization code was issued to another client");
    const redirectUri = param(form, "redirect_uri");
    if (redirectUri !== undefined && redirectUri !== record.redirectUri) throw invalidGrant("redirect_uri differs from the one of the authorization request");
    if (!PKCE_VERIFIER.test(verifier) || !pkceMatches(verifier, record.codeChallenge)) throw invalidGrant("the PKCE code_verifier does not match the code_challenge");
    grantId = record.grantId;
    wrapped = { ...(record.wrappedKey ? { key: record.wrappedKey } : {}), by: code };
  } else {
    const presented = requiredParam(form, "refresh_token");
    const key = fingerprint(presented);
    const record = await ctx.store.take<RefreshRecord>("refresh", key);
    if (!record) throw invalidGrant(`the refresh token is unknown or expired; ${RECONNECT_HINT}`);
    if (record.rotated) {
      await endGrant(ctx, record.grantId);
      ctx.log.warn("oauth: a rotated refresh token was used again; its grant is ended");
      throw invalidGrant(`this refresh token was already used, so the connection was ended for safety; ${RECONNECT_HINT}`);
    }
    if (record.clientId !== client.client_id) {
      await ctx.store.put("refresh", key, record, GRANT_TTL_MS);
      throw invalidGrant("the refresh token was issued to another client");
    }
    // Kept, marked (without its key), for as long as the grant may live: its reuse is then recognised.
    await ctx.store.put("refresh", key, { grantId: record.grantId, clientId: record.clientId, rotated: true } satisfies RefreshRecord, GRANT_TTL_MS);
    grantId = record.grantId;
    wrapped = { ...(record.wrappedKey ? { key: record.wrappedKey } : {}), by: presented };
  }
  const grant = await ctx.store.get<GrantRecord>("grant", grantId);
  if (!grant) throw invalidGrant(`this connection was ended (revoked, or VNDB refused its token); ${RECONNECT_HINT}`);
  const dataKey = wrapped.key ? ctx.sealer.unwrapKey(wrapped.key, wrapped.by) : undefined;
  if (grant.sealedToken && !dataKey) throw invalidGrant(`this connection's VNDB token cannot be opened (the server's secret changed); ${RECONNECT_HINT}`);
  sendJson(res, 200, await issueTokens(ctx, grantId, grant, dataKey), CORS_HEADERS);
}
