// The authorization server: its routes on node:http, and the one question the HTTP transport
// asks per MCP request — which grant (and so which VNDB token) is this bearer? `handle`
// answers the OAuth routes and returns false for anything else; `resolve` throws the 401
// challenge when the bearer is not good. connector-auth.ts fits it to the transport's hook.

import type { IncomingMessage, ServerResponse } from "node:http";
import { bearerAuthChallengeResponse, OAuthError, OAuthErrorCode, verifyBearerToken } from "@modelcontextprotocol/server";
import { handleAuthorizeGet, handleAuthorizePost } from "./authorize.js";
import { ClientDirectory } from "./clients.js";
import type { Asker, AuthContext, AuthLog, TokenCheck } from "./context.js";
import { AddressLimiter } from "./address-limiter.js";
import { PAGE_REQUESTS_PER_ADDRESS, PAGE_WINDOW_MS, REGISTRATION_WINDOW_MS, REGISTRATIONS_PER_ADDRESS, TOKEN_CHECK_WINDOW_MS, TOKEN_CHECKS_PER_ADDRESS } from "./limits.js";
import { TokenVerdicts } from "./token-verdicts.js";
import { endGrant } from "./grants.js";
import { fingerprint } from "./secrets.js";
import { CORS_HEADERS, OAuthFailure, sendFailure, sendJson } from "./http-io.js";
import { AUTHORIZATION_SERVER_PATH, authorizationServerMetadata, ENDPOINT_PATHS, PROTECTED_RESOURCE_PATH, protectedResourceMetadata, resourceMetadataUrl } from "./metadata.js";
import { resolveAuthSetup, type OAuthSettings } from "./options.js";
import { StoreUnavailable } from "./redis-store.js";
import { handleRegister } from "./register.js";
import { resolveBearer, type ResolvedGrant } from "./bearer.js";
import { handleRevoke } from "./revoke.js";
import { TokenSealer } from "./sealed-token.js";
import { MemoryAuthStore, type AuthStore } from "./store.js";
import { handleToken, RECONNECT_HINT } from "./token.js";

export type { ResolvedGrant } from "./bearer.js";
export type { OAuthSettings } from "./options.js";

/** Discovery documents may be cached a little: they change only with the configuration. */
const METADATA_MAX_AGE_S = 300;
/** VNDB tokens (by fingerprint) whose grants this process has seen, to end them when VNDB
 * refuses the token; only a shortcut, so it is simply emptied when it grows past this. */
const WATCHED_TOKENS_MAX = 10_000;

/** Why an MCP request is not let in: the status, the message and the headers to answer with. */
export class BearerRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string>,
  ) {
    super(message);
  }
}

export interface OAuthEndpoint {
  issuer: string;
  /** The MCP endpoint's URL as the resource tokens are bound to. */
  resource: string;
  /** Answers a request for an OAuth route; false when the request is for something else. `asker`: who sent it (default: the socket's address). */
  handle(req: IncomingMessage, res: ServerResponse, asker?: Asker): Promise<boolean>;
  /**
   * The grant of an MCP request, from its bearer. Throws BearerRefusal: 401 with the
   * WWW-Authenticate challenge (resource_metadata, and what to do), or 503 when the store is away.
   */
  resolve(req: IncomingMessage): Promise<ResolvedGrant>;
  /**
   * The API of one VNDB token, watched: when VNDB refuses the token (401) in any call, e.g. a
   * tool's, the grants using it end, so the client's next request is sent to sign in again.
   */
  watch<T extends object>(api: T, vndbToken: string): T;
  /** VNDB refused this token: ends the grants using it; the 401 that says how to reconnect. */
  refused(vndbToken: string): Promise<BearerRefusal>;
  /** The store, for tests that look into it. */
  store: AuthStore;
  close(): Promise<void>;
}

export interface OAuthDeps {
  log: AuthLog;
  checkToken: TokenCheck;
  /** VNDB_REDIS_URL: grants shared by replicas; memory when absent. */
  redisUrl?: string;
  /** A ready store (tests). */
  store?: AuthStore;
  /** Per-address limits other than the defaults of limits.ts (tests that sign in many times from one address). */
  limits?: { registrations?: number; pageRequests?: number; tokenChecks?: number };
}

type Handler = (ctx: AuthContext, req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** The route table: method and path → handler; the discovery documents are added below. */
const ROUTES: readonly { method: string; path: string; handler: Handler; cors: boolean }[] = [
  { method: "GET", path: ENDPOINT_PATHS.authorize, handler: handleAuthorizeGet, cors: false },
  { method: "POST", path: ENDPOINT_PATHS.authorize, handler: handleAuthorizePost, cors: false },
  { method: "POST", path: ENDPOINT_PATHS.token, handler: handleToken, cors: true },
  { method: "POST", path: ENDPOINT_PATHS.register, handler: (ctx, req, res) => handleRegister(req, res, ctx.store), cors: true },
  { method: "POST", path: ENDPOINT_PATHS.revoke, handler: handleRevoke, cors: true },
];

export async function startOAuth(settings: OAuthSettings, listening: { host: string; port: number }, deps: OAuthDeps): Promise<OAuthEndpoint> {
  const setup = resolveAuthSetup(settings, listening);
  let store = deps.store;
  if (!store && deps.redisUrl) {
    const { connectRedisAuthStore } = await import("./redis-store.js");
    store = await connectRedisAuthStore(deps.redisUrl, setup.issuer);
  }
  store ??= new MemoryAuthStore();
  const clients = new ClientDirectory(store, setup.localTrial);
  const askers = new WeakMap<IncomingMessage, Asker>();
  const askerOf = (req: IncomingMessage): Asker => {
    const known = askers.get(req);
    if (known) return known;
    const address = req.socket.remoteAddress ?? "?";
    return { address, pooled: false, budgetKeys: [`anonymous:${address}`] };
  };
  // VNDB's verdicts are remembered briefly: asking about the same token again costs nothing.
  const verdicts = new TokenVerdicts();
  const checkToken: TokenCheck = async (vndbToken, payer) => {
    const key = fingerprint(vndbToken);
    const known = verdicts.get(key);
    if (known?.good) return known.user;
    if (known) throw Object.assign(new Error("VNDB refused this token a moment ago"), { status: 401 });
    try {
      const user = await deps.checkToken(vndbToken, payer);
      verdicts.set(key, { good: true, user });
      return user;
    } catch (error) {
      if ((error as { status?: unknown } | null)?.status === 401) verdicts.set(key, { good: false });
      throw error;
    }
  };
  const ctx: AuthContext = {
    setup,
    store,
    clients,
    sealer: new TokenSealer(setup.secret),
    checkToken,
    log: deps.log,
    askerOf,
    checks: new AddressLimiter(deps.limits?.tokenChecks ?? TOKEN_CHECKS_PER_ADDRESS, TOKEN_CHECK_WINDOW_MS, "token checks"),
  };
  const registrations = new AddressLimiter(deps.limits?.registrations ?? REGISTRATIONS_PER_ADDRESS, REGISTRATION_WINDOW_MS, "registrations");
  const pageRequests = new AddressLimiter(deps.limits?.pageRequests ?? PAGE_REQUESTS_PER_ADDRESS, PAGE_WINDOW_MS, "sign-in page requests");
  for (const note of setup.notes) deps.log.warn(note);
  deps.log.info(`OAuth: issuer ${setup.issuer}, grants kept in ${store.describe}`);

  const asMetadata = JSON.stringify(authorizationServerMetadata(setup));
  const prMetadata = JSON.stringify(protectedResourceMetadata(setup));
  const resourcePath = new URL(setup.resource).pathname;
  const documents = new Map([
    [AUTHORIZATION_SERVER_PATH, asMetadata],
    [PROTECTED_RESOURCE_PATH, prMetadata],
    [`${PROTECTED_RESOURCE_PATH}${resourcePath}`, prMetadata],
  ]);
  const challengeUrl = resourceMetadataUrl(setup);

  const grantsByToken = new Map<string, Set<string>>();
  const endRefused = async (vndbToken: string) => {
    const key = fingerprint(vndbToken);
    const grants = grantsByToken.get(key);
    grantsByToken.delete(key);
    for (const grantId of grants ?? []) await endGrant(ctx, grantId).catch(() => {});
    if (grants?.size) deps.log.info(`oauth: VNDB refused a token; ${grants.size} grant(s) using it ended`);
  };

  /** The SDK's answer to a bearer failure (status, WWW-Authenticate), as a BearerRefusal. */
  const challenge = (error: unknown) => {
    const response = bearerAuthChallengeResponse(error, { resourceMetadataUrl: challengeUrl });
    const headers = Object.fromEntries(response.headers);
    delete headers["content-type"]; // the transport writes its own body
    const description = error instanceof OAuthError ? error.message : "could not check the access token";
    return new BearerRefusal(response.status, description, headers);
  };

  return {
    issuer: setup.issuer,
    resource: setup.resource,
    store,
    async handle(req, res, asker) {
      const path = new URL(req.url ?? "/", setup.issuer).pathname;
      const document = documents.get(path);
      const route = ROUTES.find((r) => r.path === path && r.method === req.method);
      const known = document !== undefined || ROUTES.some((r) => r.path === path);
      if (!known) return false;
      if (asker) askers.set(req, asker);
      const who = askerOf(req);
      try {
        // The open doors are limited per address: registration, and the page (which can mint grants).
        if (route?.path === ENDPOINT_PATHS.register) registrations.take(who.address, who.pooled, CORS_HEADERS);
        else if (route?.path === ENDPOINT_PATHS.authorize) pageRequests.take(who.address, who.pooled);
        if (req.method === "OPTIONS") {
          res.writeHead(204, CORS_HEADERS);
          res.end();
        } else if (document !== undefined) {
          if (req.method !== "GET" && req.method !== "HEAD") throw new OAuthFailure(405, "invalid_request", "use GET", { allow: "GET", ...CORS_HEADERS });
          res.writeHead(200, { "content-type": "application/json", "cache-control": `public, max-age=${METADATA_MAX_AGE_S}`, ...CORS_HEADERS });
          res.end(req.method === "HEAD" ? undefined : document);
        } else if (!route) {
          const allowed = ROUTES.filter((r) => r.path === path).map((r) => r.method).join(", ");
          throw new OAuthFailure(405, "invalid_request", `use ${allowed}`, { allow: allowed });
        } else await route.handler(ctx, req, res);
      } catch (error) {
        if (res.headersSent) {
          res.end();
          return true;
        }
        const cors = route?.cors ? CORS_HEADERS : {};
        if (error instanceof OAuthFailure) sendFailure(res, error, cors);
        else if (error instanceof StoreUnavailable) {
          deps.log.warn(`oauth: ${error.message}`);
          sendJson(res, 503, { error: "temporarily_unavailable", error_description: "the grant store is not answering; try again shortly" }, { "retry-after": "5", ...cors });
        } else {
          deps.log.warn(`oauth: ${req.method} ${path} failed: ${error instanceof Error ? error.message : String(error)}`);
          sendJson(res, 500, { error: "server_error", error_description: "the authorization server failed; try again" }, cors);
        }
      }
      return true;
    },
    async resolve(req) {
      try {
        const info = await verifyBearerToken(req.headers.authorization, {
          verifier: { verifyAccessToken: (token) => resolveBearer(ctx, token) },
          resourceMetadataUrl: challengeUrl,
          expectedResource: new URL(setup.resource),
        });
        const grant = (info.extra as { grant: ResolvedGrant }).grant;
        if (grant.vndbToken) {
          const key = fingerprint(grant.vndbToken);
          if (!grantsByToken.has(key) && grantsByToken.size >= WATCHED_TOKENS_MAX) grantsByToken.clear();
          grantsByToken.set(key, (grantsByToken.get(key) ?? new Set()).add(grant.grantId));
        }
        return grant;
      } catch (error) {
        if (error instanceof StoreUnavailable) {
          deps.log.warn(`oauth: ${error.message}`);
          throw new BearerRefusal(503, "the grant store is not answering; retry shortly", { "retry-after": "5" });
        }
        let failure: unknown = error;
        if (!(error instanceof OAuthError)) {
          deps.log.warn(`oauth: checking a bearer failed: ${error instanceof Error ? error.message : String(error)}`);
          failure = new OAuthError(OAuthErrorCode.ServerError, "could not check the access token");
        }
        throw challenge(failure);
      }
    },
    watch(api, vndbToken) {
      return new Proxy(api, {
        get(target, property) {
          const value: unknown = Reflect.get(target, property); // target as receiver: private fields work
          if (typeof value !== "function") return value;
          return (...args: unknown[]) => {
            const result: unknown = value.apply(target, args);
            if (result instanceof Promise) {
              result.catch((error: unknown) => {
                if ((error as { status?: unknown } | null)?.status === 401) void endRefused(vndbToken);
              });
            }
            return result;
          };
        },
      });
    },
    async refused(vndbToken) {
      await endRefused(vndbToken);
      return challenge(new OAuthError(OAuthErrorCode.InvalidToken, `VNDB refused the VNDB token of this connection (deleted, expired or changed on vndb.org), so the connection was ended; ${RECONNECT_HINT} and paste a new token`));
    },
    async close() {
      await clients.close();
      await store.close();
    },
  };
}
