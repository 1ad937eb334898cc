// The authorization server fitted to the HTTP transport's one hook (server/transports/
// http-auth.ts): its routes are answered before /mcp, the bearer of an MCP request becomes
// the VNDB token of its grant (or none), the VNDB client of each token is watched so that VNDB
// refusing it ends its grants, and the server starts once the transport listens (a local
// trial's URL needs the port).

import type { IncomingMessage, ServerResponse } from "node:http";
import { HttpFailure, type HttpAuth } from "../server/transports/http-auth.js";
import type { VndbApi } from "../tools/api.js";
import type { AuthLog } from "./context.js";
import type { OAuthSettings } from "./options.js";
import { BearerRefusal, startOAuth, type OAuthEndpoint, type ResolvedGrant } from "./oauth-server.js";

export function oauthHttpAuth(settings: OAuthSettings, deps: { log: AuthLog; redisUrl?: string | undefined }): HttpAuth {
  let endpoint: OAuthEndpoint | undefined;
  /** The grant of each request tokenFor let in (for identify; gone with the request). */
  const grants = new WeakMap<IncomingMessage, ResolvedGrant>();
  const started = () => {
    if (!endpoint) throw new HttpFailure(503, "the sign-in is still starting; retry shortly", { "retry-after": "1" });
    return endpoint;
  };
  const asFailure = (refusal: BearerRefusal) => new HttpFailure(refusal.status, refusal.message, refusal.headers);
  return {
    describe: "OAuth sign-in, docs/oauth.md",
    async start({ host, port, apiFor }) {
      endpoint = await startOAuth(settings, { host, port }, {
        log: deps.log,
        ...(deps.redisUrl ? { redisUrl: deps.redisUrl } : {}),
        checkToken: async (vndbToken, payer) => {
          // Charged to who asks: an unproven token has no share of its own (issue 30).
          const api = apiFor(vndbToken, payer);
          try {
            const { id, username, permissions } = await api.authinfo();
            return { id, username, permissions };
          } finally {
            await api.close().catch(() => {});
          }
        },
      });
      return [new URL(endpoint.issuer).host]; // the public name clients and browsers use
    },
    async route(req: IncomingMessage, res: ServerResponse, _path, asker) {
      return started().handle(req, res, asker);
    },
    async tokenFor(req) {
      try {
        const grant = await started().resolve(req);
        grants.set(req, grant);
        return grant.vndbToken;
      } catch (error) {
        throw error instanceof BearerRefusal ? asFailure(error) : error;
      }
    },
    // A grant's VNDB token was checked with VNDB on the page before the grant was made.
    identify: (req) => {
      const grant = grants.get(req);
      return grant ? { grantId: grant.grantId, tokenProven: grant.vndbToken !== undefined } : undefined;
    },
    watch: (api: VndbApi, token: string) => started().watch(api, token),
    refused: async (token) => asFailure(await started().refused(token)),
    close: async () => endpoint?.close(),
  };
}
