// QUERY_NOTES: what a query answer adds after its request, in the order its lines are read.
// The date of a mirror's data first (what the whole page comes from), the owner of a list (it frames the page), then where the hits stand on the token
// owner's list, then what the page is made of (list windows, the voiced VNs of a seiyuu, the filtered VN's line in a character's VNs, names that matched, the offline sample's gaps, the credits a staff filter
// matched), what the filters meant, a long release page's platforms and types, where missing sort values went (and the stand-in when none has one), why an empty answer is
// empty (or what an offline filter cannot know, and what the sample holds instead), the credits block after the page, and last
// the whole list as a file for a list read page by page. Run
// order is decided by each note's phase (note.ts), not by this order.

import type { QueryNote } from "./note.js";
import { listOwner } from "./list-owner.js";
import { listWindows } from "./list-windows.js";
import { matchReason } from "./match-reason.js";
import { offlineGaps } from "./offline-gaps.js";
import { staffMatch } from "./staff-match.js";
import { resolvedNames } from "./resolved-names.js";
import { rawFilter } from "./raw-filter.js";
import { releaseTally } from "./release-tally.js";
import { sortOrder } from "./sort-order.js";
import { undatedStandIn } from "./undated-stand-in.js";
import { spoilerRetry } from "./spoiler-retry.js";
import { nestedSearch } from "./nested-search.js";
import { emptyReason } from "./empty-reason.js";
import { offlineFilters } from "./offline-filters.js";
import { releaseDates } from "./release-dates.js";
import { ageRatingGap } from "./age-rating-gap.js";
import { typoFallback } from "./typo-fallback.js";
import { credits } from "./credits.js";
import { voicedVns } from "./voiced-vns.js";
import { filteredVn } from "./filtered-vn.js";
import { listStatus } from "./list-status.js";
import { listVote } from "./list-vote.js";
import { mirrorDate } from "./mirror-date.js";
import { listExport } from "./list-export.js";

export const QUERY_NOTES: readonly QueryNote[] = [
  mirrorDate,
  listOwner,
  listVote,
  listStatus,
  listWindows,
  voicedVns,
  filteredVn,
  matchReason,
  offlineGaps,
  staffMatch,
  resolvedNames,
  rawFilter,
  releaseTally,
  sortOrder,
  undatedStandIn,
  spoilerRetry,
  emptyReason,
  offlineFilters,
  releaseDates,
  ageRatingGap,
  nestedSearch,
  typoFallback,
  credits,
  listExport,
];
