// Who a request comes from, for the per-client limits and the fair share of the upstream
// budget. Behind a reverse proxy every request arrives from the proxy's address; the proxy
// names the real client in X-Forwarded-For. That header is believed only when the request
// comes from a proxy the operator named (VNDB_HTTP_TRUSTED_PROXIES): anyone else could write
// any address into it. With a chain of trusted proxies, the client is the rightmost address
// that is not one of them.

import { BlockList, isIP } from "node:net";

/** Parses "10.0.0.5, 172.28.0.0/24, ::1" into a list of trusted proxies, or says what is wrong. */
export function parseTrustedProxies(entries: readonly string[]): BlockList | string {
  return parseAddressList(entries, "VNDB_HTTP_TRUSTED_PROXIES");
}

/** Parses addresses and CIDR ranges into a BlockList, or says (naming `setting`) what is wrong. */
export function parseAddressList(entries: readonly string[], setting: string): BlockList | string {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits, extra] = entry.split("/");
    const family = isIP(address ?? "");
    if (family === 0 || extra !== undefined) return `${setting}: "${entry}" is not an IP address or CIDR range`;
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) {
      list.addAddress(address!, type);
      continue;
    }
    const prefix = Number(bits);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128)) return `${setting}: "${entry}" has an invalid prefix length`;
    list.addSubnet(address!, prefix, type);
  }
  return list;
}

/** "::ffff:10.0.0.1" (an IPv4 client on a dual-stack socket) is 10.0.0.1. */
function plain(address: string): string {
  const trimmed = address.trim();
  return trimmed.startsWith("::ffff:") && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
}

function isTrusted(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** The client's address: the socket's, or from X-Forwarded-For when the socket is a trusted proxy. */
export function clientAddress(remote: string | undefined, forwardedFor: string | string[] | undefined, trusted: BlockList | undefined): string {
  const peer = plain(remote ?? "?");
  if (!trusted || forwardedFor === undefined || !isTrusted(trusted, peer)) return peer;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor).split(",").map(plain).filter((h) => h !== "");
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (isIP(hop) === 0) return peer; // a malformed chain names nobody reliably
    if (!isTrusted(trusted, hop)) return hop;
  }
  return hops[0] ?? peer;
}
