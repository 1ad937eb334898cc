// The `test` preset: the bundled real catalogue plus the hand-made rows of manual.ts
// (v900001 "Kanaderu Test no Monogatari" and friends, private labels, a deleted account,
// made-up quotes and length votes). For the emulator's own tests only: the hand-made rows
// are not VNDB's, so the default catalogue and the offline mode never show them.

import { loadCatalogue } from "../catalogue/load.js";
import { MANUAL } from "../catalogue/manual.js";
import type { Catalogue } from "../catalogue/types.js";
import { withManualRows } from "../catalogue/with-manual-rows.js";
import { systemClock } from "../clock.js";
import type { PresetData } from "./preset.js";

let cached: Catalogue | undefined;

/** Built once per process, like the default catalogue it extends (callers must not mutate it). */
export function testCatalogue(): Catalogue {
  cached ??= withManualRows(loadCatalogue(), MANUAL);
  return cached;
}

export function testPreset(): PresetData {
  return { name: "test", catalogue: testCatalogue, clock: systemClock, checkCalendarDates: true };
}
