// The `catalogue` preset (the default): the bundled real-data catalogue with its users,
// lists and test tokens (docs/catalogue.md lists the tokens), on the wall clock.

import { defaultCatalogueDir, loadCatalogue } from "../catalogue/load.js";
import { readPrebuilt } from "../catalogue/prebuilt.js";
import { systemClock } from "../clock.js";
import type { PresetData } from "./preset.js";

export function cataloguePreset(): PresetData {
  return {
    name: "catalogue",
    catalogue: () => loadCatalogue(),
    clock: systemClock,
    checkCalendarDates: true,
    prebuilt: (today) => readPrebuilt(defaultCatalogueDir(), today),
  };
}
