// What every endpoint of the authorization server works with, passed as one value.

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

/** Asks VNDB (GET /authinfo, through client/) whose a token is; rejects with `status: 401` when VNDB refuses it. */
export type TokenCheck = (vndbToken: string) => Promise<VndbUser>;

export interface AuthContext {
  setup: AuthSetup;
  store: AuthStore;
  clients: ClientDirectory;
  sealer: TokenSealer;
  checkToken: TokenCheck;
  log: AuthLog;
}

/** The one scope: what a grant may do is decided by its VNDB token, not by OAuth scopes. */
export const SCOPE = "vndb";
