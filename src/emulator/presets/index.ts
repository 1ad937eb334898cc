// Named starting states of the emulator. A preset is data plus the few behaviours that go
// with it (clock, stats override, calendar-date checking); startEmulator turns it into a
// database.

import type { Catalogue } from "../catalogue/types.js";
import type { Clock } from "../clock.js";
import type { Stats } from "../engine/stats.js";
import { cataloguePreset } from "./catalogue.js";
import { vectorsPreset } from "./vectors.js";

export const PRESET_NAMES = ["catalogue", "vectors"] as const;
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
}

export function loadPreset(name: PresetName): PresetData {
  switch (name) {
    case "vectors":
      return vectorsPreset();
    case "catalogue":
      return cataloguePreset();
    default:
      throw new Error(`unknown preset: ${String(name)} (expected ${PRESET_NAMES.join(" or ")})`);
  }
}

export function isPresetName(value: unknown): value is PresetName {
  return typeof value === "string" && (PRESET_NAMES as readonly string[]).includes(value);
}
