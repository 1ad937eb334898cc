// npm run catalogue: builds the emulator's catalogue from the real data in
// ../shared/kana-data/real plus the hand-added rows of src/emulator/catalogue/manual.ts,
// and writes it to src/emulator/catalogue/data (see docs/catalogue.md).
//
//   tsx scripts/build-catalogue.ts                 rebuild the committed data
//   tsx scripts/build-catalogue.ts --check         exit 1 if the committed data is stale
//   tsx scripts/build-catalogue.ts --out <dir>     write somewhere else
//   tsx scripts/build-catalogue.ts --source <dir>  read the real data from elsewhere
import { statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildCatalogue } from "./catalogue/assemble.js";
import { DEFAULT_SOURCE_DIR, SourceMissingError } from "./catalogue/sources.js";
import { diffCatalogue, renderCatalogue, writeCatalogue } from "./catalogue/write.js";

const repoRoot = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const COMMITTED_DIR = join(repoRoot, "src", "emulator", "catalogue", "data");

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

function main(args: string[]): number {
  const source = resolve(repoRoot, option(args, "--source") ?? DEFAULT_SOURCE_DIR);
  const out = resolve(option(args, "--out") ?? COMMITTED_DIR);
  let result;
  try {
    result = buildCatalogue(source);
  } catch (e) {
    if (e instanceof SourceMissingError) {
      process.stderr.write(`${e.message}\n`);
      return 2;
    }
    throw e;
  }
  const { catalogue, dropped } = result;
  if (args.includes("--check")) {
    const stale = diffCatalogue(catalogue, out);
    if (stale.length > 0) {
      process.stderr.write(`Catalogue data is stale (${stale.join(", ")}); run npm run catalogue\n`);
      return 1;
    }
    process.stdout.write("Catalogue data is up to date.\n");
    return 0;
  }
  writeCatalogue(catalogue, out);
  let total = 0;
  for (const [file] of renderCatalogue(catalogue)) total += statSync(join(out, file)).size;
  const counts = Object.entries(catalogue)
    .filter(([, v]) => Array.isArray(v))
    .map(([k, v]) => `${k} ${(v as unknown[]).length}`)
    .join(", ");
  process.stdout.write(`Wrote ${out} (${(total / 1e6).toFixed(2)} MB): ${counts}\n`);
  process.stdout.write(`Left out (ids unknown to the newer dumps): ${dropped.join("; ") || "nothing"}\n`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
