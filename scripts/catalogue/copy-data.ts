// Copies the committed catalogue JSON next to the compiled loader (tsc does not copy
// JSON files): src/emulator/catalogue/data → dist/emulator/catalogue/data, and writes what
// a first VN search needs, computed once, beside it (write-prebuilt.ts).
// Meant to run right after `tsc -p tsconfig.build.json`.
import { cpSync, existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { shipPrebuilt } from "./write-prebuilt.js";

const repoRoot = resolve(fileURLToPath(new URL(".", import.meta.url)), "..", "..");
const from = join(repoRoot, "src", "emulator", "catalogue", "data");
const to = join(repoRoot, "dist", "emulator", "catalogue", "data");

if (!existsSync(join(repoRoot, "dist"))) {
  process.stderr.write("dist/ does not exist: run tsc -p tsconfig.build.json first\n");
  process.exitCode = 1;
} else {
  cpSync(from, to, { recursive: true, filter: (src) => !src.endsWith(".md") });
  shipPrebuilt(to);
  process.stdout.write(`Copied ${from} -> ${to}\n`);
}
