// POST /register: dynamic client registration (RFC 7591). Anyone may register (that is the
// point: claude.ai and other hosts register themselves on first contact); what a client
// gets is only the right to send a person to the page, so the limits are on size and on the
// redirect URIs. Confidential clients receive a secret, stored only as its fingerprint.

import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { CLIENT_TTL_MS, MAX_CLIENT_METADATA_BYTES, MAX_CLIENT_RECORD_BYTES, MAX_REDIRECT_URIS } from "./limits.js";
import { CORS_HEADERS, OAuthFailure, readJson, sendJson } from "./http-io.js";
import type { ClientRecord } from "./records.js";
import type { AuthStore } from "./store.js";
import { redirectUriProblem } from "./redirect-uris.js";
import { fingerprint, issue } from "./secrets.js";

export const SUPPORTED_AUTH_METHODS = ["none", "client_secret_post", "client_secret_basic"] as const;
export const SUPPORTED_GRANT_TYPES = ["authorization_code", "refresh_token"] as const;

const Registration = z.object({
  redirect_uris: z.array(z.string().max(2048)).min(1, "redirect_uris needs at least one URI").max(MAX_REDIRECT_URIS),
  client_name: z.string().max(200).optional(),
  client_uri: z.string().max(2048).optional(),
  token_endpoint_auth_method: z.enum(SUPPORTED_AUTH_METHODS).optional(),
  grant_types: z.array(z.enum(SUPPORTED_GRANT_TYPES)).max(2).optional(),
  response_types: z.array(z.literal("code")).max(1).optional(),
});

export async function handleRegister(req: IncomingMessage, res: ServerResponse, store: AuthStore): Promise<void> {
  const parsed = Registration.safeParse(await readJson(req, MAX_CLIENT_METADATA_BYTES));
  if (!parsed.success) {
    const what = parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ");
    throw new OAuthFailure(400, "invalid_client_metadata", what, CORS_HEADERS);
  }
  const meta = parsed.data;
  for (const uri of meta.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthFailure(400, "invalid_redirect_uri", problem, CORS_HEADERS);
  }
  const method = meta.token_endpoint_auth_method ?? "client_secret_basic"; // RFC 7591 §2's default
  const secret = method === "none" ? undefined : issue("secret");
  const record: ClientRecord = {
    client_id: issue("client"),
    ...(meta.client_name ? { client_name: meta.client_name } : {}),
    ...(meta.client_uri ? { client_uri: meta.client_uri } : {}),
    redirect_uris: meta.redirect_uris,
    token_endpoint_auth_method: method,
    grant_types: meta.grant_types ?? ["authorization_code", "refresh_token"],
    response_types: ["code"],
    ...(secret ? { secretHash: fingerprint(secret) } : {}),
    issuedAt: Math.floor(Date.now() / 1000),
    source: "registered",
  };
  // Stored records are bounded in count (the store) and so in size here: a flood of large ones
  // must not grow the process or Redis without end.
  if (Buffer.byteLength(JSON.stringify(record)) > MAX_CLIENT_RECORD_BYTES) {
    throw new OAuthFailure(400, "invalid_client_metadata", `the registration is over ${MAX_CLIENT_RECORD_BYTES} bytes stored; register fewer or shorter redirect URIs`, CORS_HEADERS);
  }
  await store.put("client", record.client_id, record, CLIENT_TTL_MS);
  const { secretHash: _hash, source: _source, issuedAt, ...shown } = record;
  sendJson(
    res,
    201,
    { ...shown, client_id_issued_at: issuedAt, ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}) },
    CORS_HEADERS,
  );
}
