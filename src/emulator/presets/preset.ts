// What a preset is: a name, its data and the few behaviours that go with it. Kept apart from
// the index that lists the presets so that each preset can name its type without importing
// the list that imports it.

import type { Catalogue } from "../catalogue/types.js";
import type { Clock } from "../clock.js";
import type { Prebuilt } from "../catalogue/prebuilt.js";
import type { Stats } from "../engine/stats.js";

export const PRESET_NAMES = ["catalogue", "vectors", "test"] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

export interface PresetData {
  name: PresetName;
  /** The preset's data, loaded on demand (skipped when the caller brings its own catalogue). */
  catalogue: () => Catalogue;
  clock: Clock;
  statsOverride?: Stats;
  /** POST queries see an empty database (the recorded stub returned no rows). */
  emptyQueries?: boolean;
  /** Whether "2022-02-30" in a PATCH fails as PostgreSQL would (500). */
  checkCalendarDates: boolean;
  /** What the package build computed from this data for a first VN search, when it ships it and it holds on `today` (catalogue/prebuilt.ts). */
  prebuilt?: (today: number) => Prebuilt | null;
}
