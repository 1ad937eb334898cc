// From the bearer of an MCP request to the VNDB token it runs with: our access token →
// its grant → the grant's VNDB token, opened (or none: a read-only grant). Anything else is
// refused with 401 and a WWW-Authenticate challenge that points at the protected-resource
// metadata, which is how a client finds the sign-in. A raw VNDB token is refused too: the
// MCP spec forbids a server to accept tokens its authorization server did not issue, and the
// page is where a VNDB token goes. The SDK's verifyBearerToken does the header parsing and
// the expiry, resource and challenge rules; this file supplies the verifier.

import { OAuthError, OAuthErrorCode, type AuthInfo } from "@modelcontextprotocol/server";
import type { AuthContext } from "./context.js";
import type { AccessRecord, GrantRecord } from "./records.js";
import { fingerprint, isIssued } from "./secrets.js";
import { RECONNECT_HINT } from "./token.js";

/** What an MCP request runs as. */
export interface ResolvedGrant {
  grantId: string;
  clientId: string;
  /** The grant's VNDB token, or undefined for a read-only grant. Never log it. */
  vndbToken: string | undefined;
}

const refuse = (why: string) => new OAuthError(OAuthErrorCode.InvalidToken, why);

export async function resolveBearer(ctx: AuthContext, token: string): Promise<AuthInfo & { extra: { grant: ResolvedGrant } }> {
  if (!isIssued(token, "at")) {
    throw refuse("this server signs people in with OAuth: connect through its sign-in page (a VNDB token is pasted there, not sent as the bearer)");
  }
  const access = await ctx.store.get<AccessRecord>("access", fingerprint(token));
  if (!access) throw refuse("the access token is unknown or expired; refresh it, or connect again");
  const grant = await ctx.store.get<GrantRecord>("grant", access.grantId);
  if (!grant) throw refuse(`this connection was ended (revoked, or VNDB refused its token); ${RECONNECT_HINT}`);
  let vndbToken: string | undefined;
  if (grant.sealedToken) {
    const dataKey = access.wrappedKey ? ctx.sealer.unwrapKey(access.wrappedKey, token) : undefined;
    vndbToken = dataKey ? ctx.sealer.openWith(dataKey, grant.sealedToken, access.grantId) : undefined;
    if (vndbToken === undefined) throw refuse(`this connection's VNDB token cannot be opened (the server's secret changed); ${RECONNECT_HINT}`);
  }
  return {
    token,
    clientId: access.clientId,
    scopes: grant.scope.split(" "),
    expiresAt: access.expiresAt,
    resource: new URL(grant.resource),
    extra: { grant: { grantId: access.grantId, clientId: access.clientId, vndbToken } },
  };
}
