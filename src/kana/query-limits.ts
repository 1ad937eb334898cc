// The bounds and defaults of a POST query's paging members (reference §5.1). A module of
// its own so that light callers (the tool definitions, built at server start-up) can use
// them without loading the validator.

/** `results` bounds and default (`range => [0,100]`, `default => 10`). */
export const MAX_RESULTS = 100;
export const DEFAULT_RESULTS = 10;
/** `page` bounds and default (`range => [1,1e6]`, `default => 1`). */
export const MAX_PAGE = 1_000_000;
export const DEFAULT_PAGE = 1;
