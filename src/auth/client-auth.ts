// Who is calling /token or /revoke (RFC 6749 §2.3): a public client names itself with
// client_id; a confidential one proves it with its secret, in the body
// (client_secret_post) or in HTTP Basic (client_secret_basic), the way it registered.

import type { IncomingMessage } from "node:http";
import { CORS_HEADERS, OAuthFailure, param } from "./http-io.js";
import type { ClientRecord } from "./records.js";
import type { ClientDirectory } from "./clients.js";
import { fingerprint, sameSecret } from "./secrets.js";

const unauthorized = (why: string) => new OAuthFailure(401, "invalid_client", why, CORS_HEADERS);

function basicCredentials(req: IncomingMessage): { id: string; secret: string } | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? "");
  if (!match) return undefined;
  const text = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = text.indexOf(":");
  if (colon < 0) throw unauthorized("malformed HTTP Basic credentials");
  try {
    // RFC 6749 §2.3.1: both parts are form-urlencoded before they are joined.
    return { id: decodeURIComponent(text.slice(0, colon)), secret: decodeURIComponent(text.slice(colon + 1)) };
  } catch {
    throw unauthorized("malformed HTTP Basic credentials");
  }
}

export async function authenticateClient(req: IncomingMessage, form: URLSearchParams, clients: ClientDirectory): Promise<ClientRecord> {
  const basic = basicCredentials(req);
  const formId = param(form, "client_id");
  const id = basic?.id ?? formId;
  if (!id) throw unauthorized("client_id is missing");
  if (basic && formId && formId !== basic.id) throw unauthorized("client_id differs from the HTTP Basic user");
  let client: ClientRecord;
  try {
    client = await clients.find(id);
  } catch (error) {
    if (error instanceof OAuthFailure) throw unauthorized(error.description);
    throw error;
  }
  const presented = basic?.secret ?? param(form, "client_secret");
  if (client.token_endpoint_auth_method === "none") return client;
  if (!presented || !client.secretHash || !sameSecret(fingerprint(presented), client.secretHash)) {
    throw unauthorized("the client secret is missing or wrong");
  }
  return client;
}
