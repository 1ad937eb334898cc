import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadCatalogue } from "../../../src/emulator/catalogue/load.js";
import { loadCheckedCatalogue } from "../../../src/emulator/catalogue/validate.js";
import { createDeriver } from "../../../src/mirror/derive/index.js";
import { sampleDump } from "../../helpers/sample-dump.js";
import { feed } from "./feed.js";

const t0 = Date.now();
const s = sampleDump(loadCatalogue(), 20261128);
console.log("dump built", Date.now() - t0);
const d = createDeriver({ today: 20261128 });
feed(d, s.tables);
const out = mkdtempSync(join(tmpdir(), "derive-smoke-"));
const r = await d.finish(out, {});
console.log(out, r, Date.now() - t0);
const cat = loadCheckedCatalogue(out);
console.log("valid", cat.vn.length);
import { isDeepStrictEqual } from "node:util";
for (const key of Object.keys(s.reference) as (keyof typeof cat)[]) {
  if (key === "meta") continue;
  const a = cat[key] as unknown as Record<string, unknown>[];
  const b = s.reference[key] as unknown as Record<string, unknown>[];
  let diffs = 0;
  const byId = new Map(a.map((r) => [String(r.id ?? JSON.stringify(r)), r]));
  for (const rb of b) {
    const ra = byId.get(String(rb.id ?? JSON.stringify(rb)));
    if (!ra) { if (diffs++ < 3) console.log(key, "missing", JSON.stringify(rb).slice(0, 200)); continue; }
    const ka = { ...ra } as Record<string, unknown>;
    for (const k of new Set([...Object.keys(ka), ...Object.keys(rb)])) {
      if (!isDeepStrictEqual(ka[k], rb[k])) { if (diffs++ < 5) console.log(key, rb.id, k, JSON.stringify(ka[k])?.slice(0, 200), "≠", JSON.stringify(rb[k])?.slice(0, 200)); }
    }
  }
  console.log(key, a.length, b.length, "diffs", diffs);
}
