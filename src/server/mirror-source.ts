// What --mirror DIR serves: DIR/current, the build `mirror sync` (src/mirror/build.ts) last
// switched to, resolved to its own folder so that a later switch does not change the files
// under a running worker. A build is served only when complete: its mirror.json is written
// last (docs/mirror layout, brief "mirror.md"), and every catalogue file is there.

import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { join } from "node:path";
import { CATALOGUE_FILES } from "../emulator/catalogue/load.js";

/** The link to the build being served, inside the mirror's root. */
export const CURRENT_LINK = "current";
/** Written last into a build folder; a build without it is incomplete and never served. */
export const MANIFEST_FILE = "mirror.json";

/** A complete build, ready to serve. */
export interface MirrorBuild {
  /** The build's own folder (the link resolved). */
  dir: string;
  /** The dump's date, "YYYY-MM-DD". */
  dataDate: string;
  /** When the build was made (ISO), if its manifest says. */
  builtAt?: string;
}

/** A mirror folder that cannot be served, said in a sentence the operator can act on. */
export class MirrorUnusable extends Error {}

/** The build DIR/current points to, checked complete; throws MirrorUnusable saying what is missing. */
export function readMirror(root: string): MirrorBuild {
  const fill = `fill it with \`vndb-mcp-server mirror sync --dir ${root}\``;
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new MirrorUnusable(`the mirror folder ${root} does not exist; ${fill}`);
  const link = join(root, CURRENT_LINK);
  let dir: string;
  try {
    dir = realpathSync(link);
  } catch {
    throw new MirrorUnusable(`the mirror folder ${root} has no complete build yet (no ${CURRENT_LINK}); ${fill}`);
  }
  const manifestPath = join(dir, MANIFEST_FILE);
  let manifest: { format?: unknown; dataDate?: unknown; builtAt?: unknown };
  try {
    manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as typeof manifest;
  } catch {
    throw new MirrorUnusable(`the mirror build ${dir} is incomplete (no readable ${MANIFEST_FILE}); run \`vndb-mcp-server mirror sync --dir ${root}\` again`);
  }
  if (manifest.format !== 1 || typeof manifest.dataDate !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(manifest.dataDate)) {
    throw new MirrorUnusable(`the mirror build ${dir} has a ${MANIFEST_FILE} this server does not read (format 1 with a dataDate expected); rebuild it with this version`);
  }
  const missing = Object.values(CATALOGUE_FILES).filter((file) => !existsSync(join(dir, file)));
  if (missing.length) throw new MirrorUnusable(`the mirror build ${dir} is incomplete (missing ${missing.join(", ")}); run \`vndb-mcp-server mirror sync --dir ${root}\` again`);
  return { dir, dataDate: manifest.dataDate, ...(typeof manifest.builtAt === "string" ? { builtAt: manifest.builtAt } : {}) };
}

/** Milliseconds from the data date (midnight UTC of the dump's day) to `now`. */
export function dataAgeMs(dataDate: string, now = Date.now()): number {
  return now - Date.parse(`${dataDate}T00:00:00Z`);
}
