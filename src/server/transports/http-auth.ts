// The one hook between the HTTP transport and whoever decides whose VNDB token a request acts
// for. By default a client sends its VNDB token itself (`Authorization: Bearer <token>`). An
// authorization server in front (the OAuth room) supplies its own HttpAuth: it answers its own
// routes (metadata, authorize page, token endpoint) and turns its access tokens into the VNDB
// token of the grant. The transport knows nothing else about authorization.

import type { IncomingMessage, ServerResponse } from "node:http";
import type { VndbApi } from "../../tools/api.js";

/** A refusal with its HTTP status, message and headers (Retry-After, WWW-Authenticate, ...). */
export class HttpFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** The JSON-RPC error to send, when the failure is the message's (wire-check.ts). */
    readonly body?: object,
  ) {
    super(message);
  }
}

export interface HttpAuth {
  /**
   * Answers a request for a path it owns outside the MCP endpoint (it has passed the Host,
   * Origin and CORS checks); resolves true when it answered, false to let the transport go on.
   */
  route?(req: IncomingMessage, res: ServerResponse, path: string, asker?: RouteAsker): Promise<boolean>;
  /**
   * The VNDB token the request to the MCP endpoint acts for, or undefined for anonymous.
   * Throws HttpFailure (401 with WWW-Authenticate) to refuse it.
   */
  tokenFor(req: IncomingMessage): Promise<string | undefined>;
  /**
   * The OAuth grant of a request tokenFor let in, and whether its VNDB token was proven good
   * (checked with VNDB when the grant was made): fairness is keyed by it (http-caller.ts).
   */
  identify?(req: IncomingMessage): { grantId: string; tokenProven: boolean } | undefined;
  /** What the start-up log says about how clients authenticate. */
  describe?: string;
  /**
   * Called once the server listens (an authorization server's local-trial URL needs the
   * port); `apiFor` checks a token with VNDB. Resolves to extra Host names to accept.
   */
  start?(listening: { host: string; port: number; apiFor(token: string, caller?: string | readonly string[]): VndbApi }): Promise<string[]>;
  /** Wraps the VNDB client of a token, to learn when VNDB refuses the token in any call. */
  watch?(api: VndbApi, token: string): VndbApi;
  /** VNDB refused a token at the permission check: the refusal to answer with. */
  refused?(token: string): Promise<HttpFailure>;
  close?(): Promise<void>;
}

/** Who asks for an authorization-server route: its address, and the budget keys its token checks are paid from. */
export interface RouteAsker {
  address: string;
  /** From a host pool (many people behind one address: per-address limits are the pool's). */
  pooled: boolean;
  budgetKeys: readonly string[];
}

/** What a 401 of the default scheme says a client must send (RFC 6750 §3). */
const BEARER_CHALLENGE = 'Bearer realm="vndb-mcp-server", error="invalid_token", error_description="send your VNDB API token as the bearer"';

/** The default: the bearer is the VNDB token itself; no Authorization means anonymous. */
export const vndbTokenAsBearer: HttpAuth = {
  async tokenFor(req) {
    const header = req.headers.authorization;
    if (header === undefined || header.trim() === "") return undefined;
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw new HttpFailure(401, "Authorization must be 'Bearer <VNDB API token>'", { "www-authenticate": BEARER_CHALLENGE });
    return match[1];
  },
};

/** A 401 for a token VNDB refused, with the challenge of the default scheme. */
export function tokenRefused(message: string): HttpFailure {
  return new HttpFailure(401, message, { "www-authenticate": BEARER_CHALLENGE });
}
