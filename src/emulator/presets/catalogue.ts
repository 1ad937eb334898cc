// The `catalogue` preset (the default): the bundled real-data catalogue with its users,
// lists and test tokens (docs/catalogue.md lists the tokens), on the wall clock.

import { defaultCatalogueDir, loadCatalogue } from "../catalogue/load.js";
import { readSearchLabels } from "../catalogue/search-labels.js";
import { systemClock } from "../clock.js";
import type { PresetData } from "./preset.js";

export function cataloguePreset(): PresetData {
  return {
    name: "catalogue",
    catalogue: () => loadCatalogue(),
    clock: systemClock,
    checkCalendarDates: true,
    vnSearchLabels: () => readSearchLabels(defaultCatalogueDir()),
  };
}
