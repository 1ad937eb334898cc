// Named starting states of the emulator. A preset is data plus the few behaviours that go
// with it (clock, stats override, calendar-date checking); startEmulator turns it into a
// database.

import { cataloguePreset } from "./catalogue.js";
import { PRESET_NAMES, type PresetData, type PresetName } from "./preset.js";
import { testPreset } from "./test.js";
import { vectorsPreset } from "./vectors.js";

export { PRESET_NAMES, type PresetData, type PresetName };

export function loadPreset(name: PresetName): PresetData {
  switch (name) {
    case "vectors":
      return vectorsPreset();
    case "catalogue":
      return cataloguePreset();
    case "test":
      return testPreset();
    default:
      throw new Error(`unknown preset: ${String(name)} (expected ${PRESET_NAMES.join(" or ")})`);
  }
}

export function isPresetName(value: unknown): value is PresetName {
  return typeof value === "string" && (PRESET_NAMES as readonly string[]).includes(value);
}
