// Who may ask for authorization: a client registered here (register.ts) or one whose
// client_id is the https URL of its metadata document (the MCP spec's "Client ID Metadata
// Documents"), fetched on first sight and kept for a while. The document must name itself
// as client_id and list its redirect URIs; such clients are public (no secret).
//
// Fetching a URL a stranger chose is a server-side request: private and loopback addresses
// are refused (checked on the address actually connected to, so a DNS answer cannot change
// between the check and the connection), no redirects are followed, and the size and time
// are bounded. A local trial may fetch from loopback so it can be tried on one machine.

import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";
import { Agent, fetch as undiciFetch } from "undici";
import { z } from "zod";
import { CLIENT_DOCUMENT_TIMEOUT_MS, CLIENT_DOCUMENT_TTL_MS, MAX_CLIENT_METADATA_BYTES, MAX_REDIRECT_URIS } from "./limits.js";
import { OAuthFailure } from "./http-io.js";
import type { ClientRecord } from "./records.js";
import type { AuthStore } from "./store.js";
import { redirectUriProblem } from "./redirect-uris.js";

/** Addresses a metadata document may not come from (RFC 6890 special-purpose ranges). */
const PRIVATE = new BlockList();
for (const [net, bits] of [["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12], ["192.168.0.0", 16], ["224.0.0.0", 4], ["240.0.0.0", 4]] as const) {
  PRIVATE.addSubnet(net, bits, "ipv4");
}
// IPv4-mapped IPv6 (::ffff:a.b.c.d) is checked by its IPv4 part below: a ::ffff:0:0/96 rule
// here would make BlockList count every IPv4 address as private.
for (const [net, bits] of [["::", 128], ["::1", 128], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8]] as const) {
  PRIVATE.addSubnet(net, bits, "ipv6");
}

/** NAT64's well-known prefix (RFC 6052): on an IPv6-only network with DNS64 it reaches the IPv4 address inside. */
const NAT64 = /^64:ff9b::(?:([0-9a-f]{1,4}):)?([0-9a-f]{1,4})$/;

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]!);
  const family = isIP(address);
  const nat64 = family === 6 ? NAT64.exec(new URL(`http://[${address}]`).hostname.slice(1, -1)) : null;
  if (nat64) {
    const n = (parseInt(nat64[1] ?? "0", 16) << 16) | parseInt(nat64[2]!, 16);
    return isPrivateAddress([24, 16, 8, 0].map((shift) => (n >>> shift) & 255).join("."));
  }
  return family !== 0 && PRIVATE.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** A client ID that is a metadata document's URL: https with a path (or loopback http in a trial). */
export function isDocumentClientId(clientId: string, localTrial: boolean): boolean {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return false;
  }
  const loopbackHttp = localTrial && url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
  return (url.protocol === "https:" || loopbackHttp) && url.pathname.length > 1;
}

const MetadataDocument = z.object({
  client_id: z.string(),
  client_name: z.string().max(200).optional(),
  client_uri: z.string().max(2048).optional(),
  redirect_uris: z.array(z.string().max(2048)).min(1).max(MAX_REDIRECT_URIS),
  token_endpoint_auth_method: z.literal("none").optional(),
  grant_types: z.array(z.string()).optional(),
  response_types: z.array(z.string()).optional(),
});

export class ClientDirectory {
  readonly #agent: Agent;

  constructor(
    readonly store: AuthStore,
    readonly localTrial: boolean,
  ) {
    this.#agent = new Agent({
      connect: {
        timeout: CLIENT_DOCUMENT_TIMEOUT_MS,
        lookup: (hostname, options, callback) =>
          dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
            if (error) return callback(error, "", 4);
            const list = addresses as unknown as LookupAddress[];
            const allowed = localTrial ? list : list.filter((a) => !isPrivateAddress(a.address));
            if (allowed.length === 0) return callback(new Error(`${hostname} resolves only to private addresses`), "", 4);
            if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
            callback(null, allowed[0]!.address, allowed[0]!.family);
          }),
      },
    });
  }

  /** The client, or an invalid_client failure saying why it is unknown. */
  async find(clientId: string): Promise<ClientRecord> {
    const known = await this.store.get<ClientRecord>("client", clientId);
    if (known) return known;
    if (isDocumentClientId(clientId, this.localTrial)) return this.#fetchDocument(clientId);
    throw new OAuthFailure(400, "invalid_client", "unknown client_id; register the client again (its registration may have expired)");
  }

  async #fetchDocument(clientId: string): Promise<ClientRecord> {
    const refuse = (why: string) => new OAuthFailure(400, "invalid_client", `the client metadata document at ${clientId.slice(0, 200)} ${why}`);
    // An IP literal is connected to without a DNS look-up, so the look-up filter never sees it.
    if (!this.localTrial && isPrivateAddress(new URL(clientId).hostname.replace(/^\[(.*)\]$/, "$1"))) throw refuse("is on a private address");
    let text: string;
    const stop = new AbortController();
    try {
      const response = await undiciFetch(clientId, {
        dispatcher: this.#agent,
        redirect: "manual",
        headers: { accept: "application/json" },
        signal: AbortSignal.any([stop.signal, AbortSignal.timeout(CLIENT_DOCUMENT_TIMEOUT_MS)]),
      });
      if (response.status !== 200) throw refuse(`answered HTTP ${response.status}`);
      if (Number(response.headers.get("content-length") ?? "0") > MAX_CLIENT_METADATA_BYTES) throw refuse(`is over ${MAX_CLIENT_METADATA_BYTES} bytes`);
      // Read as it comes and stop past the limit: a chunked body declares no size.
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of response.body ?? []) {
        size += chunk.length;
        if (size > MAX_CLIENT_METADATA_BYTES) throw refuse(`is over ${MAX_CLIENT_METADATA_BYTES} bytes`);
        chunks.push(chunk);
      }
      text = Buffer.concat(chunks).toString("utf8");
    } catch (error) {
      stop.abort(); // closes the connection: nothing more of the body is read
      if (error instanceof OAuthFailure) throw error;
      throw refuse(`could not be fetched (${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)})`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw refuse("is not JSON");
    }
    const parsed = MetadataDocument.safeParse(json);
    if (!parsed.success) throw refuse(`is not a valid client metadata document (${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")})`);
    const doc = parsed.data;
    if (doc.client_id !== clientId) throw refuse("names another client_id (it must equal the document's URL exactly)");
    for (const uri of doc.redirect_uris) {
      const problem = redirectUriProblem(uri);
      if (problem) throw refuse(`lists a redirect URI that is not allowed: ${problem}`);
    }
    const record: ClientRecord = {
      client_id: clientId,
      ...(doc.client_name ? { client_name: doc.client_name } : {}),
      ...(doc.client_uri ? { client_uri: doc.client_uri } : {}),
      redirect_uris: doc.redirect_uris,
      token_endpoint_auth_method: "none",
      grant_types: doc.grant_types ?? ["authorization_code", "refresh_token"],
      response_types: doc.response_types ?? ["code"],
      issuedAt: Math.floor(Date.now() / 1000),
      source: "metadata-document",
    };
    await this.store.put("client", clientId, record, CLIENT_DOCUMENT_TTL_MS);
    return record;
  }

  async close(): Promise<void> {
    await this.#agent.close();
  }
}
