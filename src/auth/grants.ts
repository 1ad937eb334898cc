// A grant is one person's connection of one client. It is made on the page, holds the VNDB
// token sealed under its own data key (or none: read-only; sealed-token.ts says how the key
// is kept), and is what every issued token points
// at: ending the grant (revocation, reuse of a rotated refresh token, VNDB refusing the
// token) ends all of its tokens at once, because each lookup goes through the grant.

import type { AuthContext } from "./context.js";
import { ACCESS_TOKEN_TTL_MS, CODE_TTL_MS, GRANT_TTL_MS } from "./limits.js";
import type { AccessRecord, CodeRecord, ConsentRecord, GrantRecord, RefreshRecord, VndbUser } from "./records.js";
import { fingerprint, issue } from "./secrets.js";

/** Records the grant of a finished page and returns the one-use code for the client. */
export async function createGrant(ctx: AuthContext, consent: ConsentRecord, vndbToken: string | undefined, user: VndbUser | undefined): Promise<string> {
  const grantId = issue("grant");
  const dataKey = vndbToken ? ctx.sealer.newDataKey() : undefined;
  const grant: GrantRecord = {
    clientId: consent.clientId,
    scope: consent.scope,
    resource: consent.resource,
    ...(vndbToken && dataKey ? { sealedToken: ctx.sealer.sealWith(dataKey, vndbToken, grantId) } : {}),
    ...(user ? { user } : {}),
    createdAt: Math.floor(Date.now() / 1000),
  };
  await ctx.store.put("grant", grantId, grant, GRANT_TTL_MS);
  const code = issue("code");
  const record: CodeRecord = {
    grantId,
    ...(dataKey ? { wrappedKey: ctx.sealer.wrapKey(dataKey, code) } : {}),
    clientId: consent.clientId,
    redirectUri: consent.redirectUri,
    codeChallenge: consent.codeChallenge,
    resource: consent.resource,
  };
  await ctx.store.put("code", fingerprint(code), record, CODE_TTL_MS);
  return code;
}

export interface IssuedTokens {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
}

/**
 * A fresh access and refresh token for a grant, each with the grant's data key wrapped for
 * it (from the code or refresh token presented); the grant's lifetime starts again.
 */
export async function issueTokens(ctx: AuthContext, grantId: string, grant: GrantRecord, dataKey: Buffer | undefined): Promise<IssuedTokens> {
  const access = issue("at");
  const refresh = issue("rt");
  const expiresAt = Math.floor((Date.now() + ACCESS_TOKEN_TTL_MS) / 1000);
  const wrapped = (token: string) => (dataKey ? { wrappedKey: ctx.sealer.wrapKey(dataKey, token) } : {});
  await ctx.store.put("access", fingerprint(access), { grantId, ...wrapped(access), clientId: grant.clientId, expiresAt } satisfies AccessRecord, ACCESS_TOKEN_TTL_MS);
  await ctx.store.put("refresh", fingerprint(refresh), { grantId, ...wrapped(refresh), clientId: grant.clientId } satisfies RefreshRecord, GRANT_TTL_MS);
  await ctx.store.renew("grant", grantId, GRANT_TTL_MS);
  return { access_token: access, token_type: "Bearer", expires_in: Math.floor(ACCESS_TOKEN_TTL_MS / 1000), refresh_token: refresh, scope: grant.scope };
}

/** Ends a grant: its tokens find nothing from now on, and its sealed VNDB token is gone. */
export async function endGrant(ctx: AuthContext, grantId: string): Promise<void> {
  await ctx.store.delete("grant", grantId);
}
