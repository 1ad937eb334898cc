// Checks that need the project's shared material beside the repository (../shared: the raw
// VNDB data the catalogue is built from, the vector corpus). CI has it; a fresh clone does
// not, and then those checks are skipped with the reason in their name, so a run says what
// it did not check (`describe.skipIf(missing)(needsShared("…", missing), …)`).
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = resolve(fileURLToPath(new URL(".", import.meta.url)), "..", "..");
export const SHARED_DIR = join(repoRoot, "..", "shared");

/** Why a check cannot run (`../shared/<path>` is absent), or undefined when it can. */
export function missingShared(path: string): string | undefined {
  return existsSync(join(SHARED_DIR, path)) ? undefined : `../shared/${path} is not beside the repository`;
}

/** A test title that carries the reason it is skipped, when it is. */
export function needsShared(title: string, missing: string | undefined): string {
  return missing === undefined ? title : `${title} (skipped: ${missing})`;
}
