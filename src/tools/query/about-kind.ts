// Which query tools take `about` (words in descriptions, about.ts): apart from about.ts so that
// building the tool list at start-up does not load the search itself.

import type { DescribedKind } from "../../local/description-search.js";

export function aboutKind(endpoint: string): DescribedKind | null {
  return endpoint === "vn" || endpoint === "character" ? endpoint : null;
}
