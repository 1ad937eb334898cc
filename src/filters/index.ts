// The filter helper (issue 5, item 2): structured filter arguments → VNDB filters, with
// names resolved to ids. kana/ knows nothing about MCP; this module knows nothing about HTTP
// beyond the injected query function of the resolver.
export { filterDescription, filterSchema, describeFilterKeys, FILTER_GUIDE } from "./schema.js";
export { toPredicate, hintFor, DEFAULT_LABELS } from "./to-predicate.js";
export type { LabelResolution, Predicate, PredicateContext, PredicateResult, ResolvedName } from "./to-predicate.js";
export {
  createKanaResolver,
  pickResolution,
  resolutionMessage,
  RESOLUTION_TTL_MS,
  RESOLUTION_CACHE_MAX,
  MAX_CANDIDATES,
} from "./resolver.js";
export type { Candidate, NameKind, NameResolver, QueryFn, Resolution } from "./resolver.js";
export { parseRaw } from "./raw.js";
