// Who a request is, for the fair share of the upstream budget (rate-budget.ts) and the slice
// of live sessions (issue 30). A person, not an address: claude.ai reaches every remote
// server from one egress pool, and ChatGPT likewise, so an address-keyed share would put all
// of their users in one slice. In order:
//   1. a VNDB token proven good (VNDB's /authinfo answered for it, here or on the OAuth page):
//      `token:<fingerprint>`. A made-up token of the right shape proves nothing, so it mints
//      no share of its own: its calls (its check included) count for its address.
//   2. an OAuth grant, when the request comes from a host pool (`grant:<id>`): anonymous
//      grants are cheap to mint (one consent click), so outside a pool they count for the
//      address, and one address cannot give itself many shares.
//   3. the address (`anonymous:<address>`).
// Every call outside a pool also counts for its address (`address:<address>`): a set of
// identities on one address shares that address's share too. Pool addresses are many
// callers, so they get no address key: their users are told apart by grant or token only.

import type { BlockList } from "node:net";
import { isIP } from "node:net";
import { parseAddressList } from "./http-client-address.js";

/**
 * claude.ai's egress (IPv4 and IPv6), from Anthropic's abuse-protection guide for remote MCP
 * servers (`anthropics/claude-plugins-official`, plugins/mcp-server-dev/skills/build-mcp-app/
 * references/abuse-protection.md; landscape note 2026-11-27 §5): "claude.ai traffic arrives
 * from 160.79.104.0/21 and 2607:6bc0::/48". Claude Desktop and Claude Code connect from the
 * user's own address and need no entry.
 */
export const ANTHROPIC_EGRESS_RANGES = ["160.79.104.0/21", "2607:6bc0::/48"] as const;
/**
 * The default of VNDB_HTTP_POOL_RANGES. OpenAI publishes ChatGPT's connector egress as a
 * long, changing list (https://openai.com/chatgpt-connectors.json, described at
 * developers.openai.com/api/docs/guides/ip-addresses); no copy of it is in our references,
 * so it is not built in: docs/http.md shows how an operator adds it.
 */
export const DEFAULT_POOL_RANGES: readonly string[] = ANTHROPIC_EGRESS_RANGES;

/** Parses VNDB_HTTP_POOL_RANGES ("default" stands for DEFAULT_POOL_RANGES; "none" for no pool). */
export function parsePoolRanges(entries: readonly string[]): BlockList | undefined | string {
  if (entries.length === 1 && entries[0]!.toLowerCase() === "none") return undefined;
  const expanded = entries.flatMap((e) => (e.toLowerCase() === "default" ? DEFAULT_POOL_RANGES : [e]));
  return parseAddressList(expanded, "VNDB_HTTP_POOL_RANGES");
}

/** Whether an address is one of the configured host pools. */
export function inPool(pools: BlockList | undefined, address: string): boolean {
  const family = isIP(address);
  return pools !== undefined && family !== 0 && pools.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** What is known of a request's caller. */
export interface CallerFacts {
  address: string;
  pooled: boolean;
  /** The OAuth grant the bearer belongs to, if any. */
  grantId?: string | undefined;
  /** The fingerprint of the VNDB token, when VNDB has said the token is good. */
  provenToken?: string | undefined;
}

/** The caller's identity: a proven token, a grant from a pool, or the address. */
export function identityOf(facts: CallerFacts): string {
  if (facts.provenToken) return `token:${facts.provenToken}`;
  if (facts.grantId && facts.pooled) return `grant:${facts.grantId}`;
  return `anonymous:${facts.address}`;
}

/** The keys a call's budget permit counts against: its identity, and its address outside a pool. */
export function budgetKeys(facts: CallerFacts): string[] {
  const identity = identityOf(facts);
  if (facts.pooled || identity === `anonymous:${facts.address}`) return [identity];
  return [identity, `address:${facts.address}`];
}

/** Whose slice of the live sessions a session takes: the address, or the identity inside a pool. */
export function sessionOwner(facts: CallerFacts): string {
  return facts.pooled ? identityOf(facts) : `address:${facts.address}`;
}
