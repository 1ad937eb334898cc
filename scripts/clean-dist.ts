// Before a pack: dist/ holds only what this build compiles. tsc never deletes, so a file
// moved or removed in src/ would otherwise ship as a stale copy. The Claude Desktop bundle
// (dist/bundle, dist/*.mcpb) is another build's output and stays.
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const dist = fileURLToPath(new URL("../dist", import.meta.url));
let entries: string[] = [];
try {
  entries = readdirSync(dist);
} catch {
  // No dist yet: nothing to clean.
}
for (const name of entries) {
  if (name === "bundle" || name.endsWith(".mcpb")) continue;
  rmSync(join(dist, name), { recursive: true, force: true });
}
