// npm run catalogue: builds the emulator's catalogue from the real data in
// ../shared/kana-data/real and writes it to src/emulator/catalogue/data, with the counts
// and field coverage into docs/catalogue.md (see that file).
//
//   tsx scripts/build-catalogue.ts                 rebuild the committed sample
//   tsx scripts/build-catalogue.ts --check         exit 1 if the committed data or doc is stale;
//                                                  skipped (exit 0, says why) on a clone without ../shared
//   tsx scripts/build-catalogue.ts --out <dir>     write somewhere else
//   tsx scripts/build-catalogue.ts --source <dir>  read the real data from elsewhere
//   tsx scripts/build-catalogue.ts --full [--out <dir>] [--limit N]
//       every VN the real data knows (about 61k) into .catalogue-full/ (git-ignored, never
//       shipped); serve it with `vndb-mcp-server emulator --catalogue <dir>`. --limit keeps the N
//       most-voted VNs (plus the legacy-named ones), for quick tests.
import { existsSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildCatalogue } from "./catalogue/assemble.js";
import { coverageDocIsCurrent, writeCoverageDoc } from "./catalogue/coverage-doc.js";
import { DEFAULT_SOURCE_DIR, SourceMissingError } from "./catalogue/sources.js";
import { diffCatalogue, renderCatalogue, writeCatalogue } from "./catalogue/write.js";

const repoRoot = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const COMMITTED_DIR = join(repoRoot, "src", "emulator", "catalogue", "data");
const FULL_DIR = join(repoRoot, ".catalogue-full");
const DOC = join(repoRoot, "docs", "catalogue.md");

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

/**
 * A fresh clone has no ../shared beside it, so the committed catalogue cannot be rebuilt to
 * compare; --check then says it did not check and passes (CI, which has ../shared, checks).
 * A folder named with --source, or one that is there but incomplete, still fails.
 */
function skipCheckWithoutSource(source: string, named: string | undefined): boolean {
  if (named !== undefined || existsSync(source)) return false;
  process.stdout.write(`Catalogue check skipped: the real data (${DEFAULT_SOURCE_DIR}) is not beside the repository; the committed catalogue is used as it is.\n`);
  return true;
}

function main(args: string[]): number {
  const started = Date.now();
  const full = args.includes("--full");
  const limitText = option(args, "--limit");
  const limit = limitText === undefined ? undefined : Number(limitText);
  if (limit !== undefined && (!Number.isInteger(limit) || limit <= 0)) {
    process.stderr.write(`--limit needs a positive whole number, not ${limitText}\n`);
    return 2;
  }
  const source = resolve(repoRoot, option(args, "--source") ?? DEFAULT_SOURCE_DIR);
  const out = resolve(option(args, "--out") ?? (full ? FULL_DIR : COMMITTED_DIR));
  if (args.includes("--check") && skipCheckWithoutSource(source, option(args, "--source"))) return 0;
  let result;
  try {
    result = buildCatalogue(source, full ? { scope: "full", limit } : {});
  } catch (e) {
    if (e instanceof SourceMissingError) {
      process.stderr.write(`${e.message}\n`);
      return 2;
    }
    throw e;
  }
  const { catalogue, dropped } = result;
  const isCommitted = !full && out === COMMITTED_DIR;
  if (args.includes("--check")) {
    const stale = diffCatalogue(catalogue, out);
    if (isCommitted && !coverageDocIsCurrent(DOC, catalogue)) stale.push("docs/catalogue.md");
    if (stale.length > 0) {
      process.stderr.write(`Catalogue data is stale (${stale.join(", ")}); run npm run catalogue\n`);
      return 1;
    }
    process.stdout.write("Catalogue data is up to date.\n");
    return 0;
  }
  writeCatalogue(catalogue, out);
  if (isCommitted && writeCoverageDoc(DOC, catalogue)) process.stdout.write(`Updated the counts in ${DOC}\n`);
  let total = 0;
  for (const [file] of renderCatalogue(catalogue)) total += statSync(join(out, file)).size;
  const counts = Object.entries(catalogue)
    .filter(([, v]) => Array.isArray(v))
    .map(([k, v]) => `${k} ${(v as unknown[]).length}`)
    .join(", ");
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stdout.write(`Wrote ${out} (${(total / 1e6).toFixed(2)} MB, ${seconds} s): ${counts}\n`);
  process.stdout.write(`Left out (ids unknown to the newer dumps): ${dropped.join("; ") || "nothing"}\n`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
