// Where the authorization server lives and what it seals with. The public base URL and the
// secret come from the environment (config.ts); without them the server runs for a local
// trial: its base URL is the address it listens on and its secret is made at start, so
// every grant ends with the process. The log says which.

import { randomBytes } from "node:crypto";

/** The OAuth settings of the configuration (config.ts, present with --oauth). */
export interface OAuthSettings {
  /** The public https base URL people and clients reach the server at (VNDB_OAUTH_PUBLIC_URL). */
  publicUrl?: string;
  /** Seals stored VNDB tokens; the same on every replica (VNDB_OAUTH_SECRET). */
  secret?: string;
}

export interface AuthSetup {
  /** The issuer and base of every endpoint: an origin, no trailing slash (the endpoints sit at the root). */
  issuer: string;
  /** The MCP endpoint as a resource identifier (RFC 8707): what tokens are bound to. */
  resource: string;
  secret: string;
  /** No public URL configured: plain http on the listening address is accepted. */
  localTrial: boolean;
  /** What the log should say about the set-up (no secret in it). */
  notes: string[];
}

/** The path of the MCP endpoint below the base URL. */
export const RESOURCE_PATH = "/mcp";

/** Resolves the settings once the server listens (a local trial needs the real port). */
export function resolveAuthSetup(settings: OAuthSettings, listening: { host: string; port: number }): AuthSetup {
  const notes: string[] = [];
  let issuer: string;
  if (settings.publicUrl) issuer = settings.publicUrl.replace(/\/+$/, "");
  else {
    // A wildcard address is no place to send a browser to; loopback reaches it locally.
    const host = ["0.0.0.0", "::", "[::]"].includes(listening.host) ? "localhost" : listening.host.includes(":") ? `[${listening.host}]` : listening.host;
    issuer = `http://${host}:${listening.port}`;
    notes.push(`OAuth for a local trial: no VNDB_OAUTH_PUBLIC_URL, so the sign-in page is ${issuer}/authorize and only this machine can use it`);
  }
  let secret = settings.secret;
  if (!secret) {
    secret = randomBytes(32).toString("base64url");
    notes.push("OAuth without VNDB_OAUTH_SECRET: a random secret was made at start, so every connection ends when this process does");
  }
  return { issuer, resource: `${issuer}${RESOURCE_PATH}`, secret, localTrial: !settings.publicUrl, notes };
}
