// POST /revoke (RFC 7009): an access or refresh token of the calling client ends its whole
// grant, so the sealed VNDB token is dropped with it. The answer is 200 whether or not the
// token was known (§2.2), so revocation reveals nothing about other tokens.

import type { IncomingMessage, ServerResponse } from "node:http";
import { authenticateClient } from "./client-auth.js";
import type { AuthContext } from "./context.js";
import { endGrant } from "./grants.js";
import { CORS_HEADERS, readForm, requiredParam } from "./http-io.js";
import { MAX_FORM_BYTES } from "./limits.js";
import type { AccessRecord, RefreshRecord } from "./records.js";
import { fingerprint } from "./secrets.js";

export async function handleRevoke(ctx: AuthContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const form = await readForm(req, MAX_FORM_BYTES);
  const client = await authenticateClient(req, form, ctx.clients);
  const key = fingerprint(requiredParam(form, "token"));
  // The hint only orders the look-ups (§2.1); both kinds are tried.
  const kinds = form.get("token_type_hint") === "access_token" ? (["access", "refresh"] as const) : (["refresh", "access"] as const);
  for (const kind of kinds) {
    const record = await ctx.store.get<AccessRecord | RefreshRecord>(kind, key);
    if (!record) continue;
    if (record.clientId === client.client_id) {
      await endGrant(ctx, record.grantId);
      ctx.log.info("oauth: a grant was revoked by its client");
    }
    break;
  }
  res.writeHead(200, { "cache-control": "no-store", ...CORS_HEADERS });
  res.end();
}
