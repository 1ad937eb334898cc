// The filter grammar, said once in the server instructions (server/instructions.ts) rather
// than in each tool's description (filterDescription, schema.ts). A module of its own: the
// instructions are built at every start; the filter tables schema.ts reads serve the tools only.

/**
 * What the server instructions should say once about filters (not repeated per tool).
 * Names given for tag/trait/producer/staff/character/vn values are resolved to ids.
 */
export const FILTER_GUIDE =
  'Filters are objects, keys ANDed: {lang: "en", rating: {gte: 80}, tag: "Nakige", developer: "Key"}; each tool\'s `filters` lists its keys. ' +
  'A value is x, {ne: x}, {any|all|none: [...]}; keys marked * also take {gt|gte|lt|lte: x}; groups: {or: [{...}, {...}]} or {and: [...]}. ' +
  // Issue 29 item 11: players did not know what `ne` means on a key that holds several values.
  'On multi-valued keys {ne: x} means none is x: {lang: {ne: "ja"}} = no Japanese release. ' +
  'Nested entities take their own filters: {release: {producer: "Key", lang: "en"}}. ' +
  "Tags, traits, producers, staff, characters and VNs may be given by name; an ambiguous name fails listing candidate ids. " +
  'Codes too: platform "Switch", role "writer". VN staff filter: staff and voice credits (role "seiyuu": voice only). ' +
  "Dates: YYYY, YYYY-MM, YYYY-MM-DD, today, unknown, TBA. " +
  "raw takes a VNDB filter array, a compact filter string or a vndb.org search URL (vndb.org/v?f=…).";
