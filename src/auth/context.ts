// What every endpoint of the authorization server works with, passed as one value.

import type { IncomingMessage } from "node:http";
import type { AddressLimiter } from "./address-limiter.js";
import type { ClientDirectory } from "./clients.js";
import type { AuthSetup } from "./options.js";
import type { VndbUser } from "./records.js";
import type { TokenSealer } from "./sealed-token.js";
import type { AuthStore } from "./store.js";

/** The logger subset auth/ needs (server/log.ts provides it). */
export interface AuthLog {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * Asks VNDB (GET /authinfo, through client/) whose a token is; rejects with `status: 401` when
 * VNDB refuses it. `payer`: the budget keys the request is charged to (who asks, not the
 * unproven token: a made-up token must not mint a share of the budget, issue 30).
 */
export type TokenCheck = (vndbToken: string, payer?: readonly string[]) => Promise<VndbUser>;

/** Who asks for a route: its address (behind a trusted proxy, the one it names), whether that is a host pool's, and its budget keys. */
export interface Asker {
  address: string;
  pooled: boolean;
  budgetKeys: readonly string[];
}

export interface AuthContext {
  setup: AuthSetup;
  store: AuthStore;
  clients: ClientDirectory;
  sealer: TokenSealer;
  checkToken: TokenCheck;
  log: AuthLog;
  /** Who sent this request (the transport says; the socket's address otherwise). */
  askerOf(req: IncomingMessage): Asker;
  /** Token checks per address (authorize.ts). */
  checks: AddressLimiter;
}

/** The one scope: what a grant may do is decided by its VNDB token, not by OAuth scopes. */
export const SCOPE = "vndb";
