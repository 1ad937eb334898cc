// A small mirror root in the layout `mirror sync` makes (DIR/current → builds/<name>/, the
// catalogue files + mirror.json), built from the bundled catalogue's files: the layout is the
// same whichever data fills it. For tests of serving (--mirror); the dump → build path has
// its own tests (test/mirror/).

import { cpSync, mkdirSync, mkdtempSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultCatalogueDir } from "../../src/emulator/catalogue/load.js";

export interface MirrorFolder {
  root: string;
  /** Adds another build with this data date and points `current` at it (atomically, as sync does). */
  addBuild(dataDate: string, options?: { switch?: boolean; manifest?: boolean }): string;
}

export function makeMirrorFolder(dataDate: string, root = mkdtempSync(join(tmpdir(), "vndb-mirror-"))): MirrorFolder {
  let n = 0;
  const addBuild: MirrorFolder["addBuild"] = (date, options = {}) => {
    const name = `${date}-20261127T0900${String(n++).padStart(2, "0")}`;
    const dir = join(root, "builds", name);
    mkdirSync(dir, { recursive: true });
    cpSync(defaultCatalogueDir(), dir, { recursive: true });
    if (options.manifest !== false) {
      const manifest = {
        format: 1,
        dataDate: date,
        dumpTimestamp: `${date}T08:00:00+00:00`,
        builtAt: new Date().toISOString(),
        sources: { db: `vndb-db-${date}.tar.zst` },
        counts: {},
        bytes: 0,
        attribution: "Data from VNDB.org, under the Open Database License.",
      };
      writeFileSync(join(dir, "mirror.json"), JSON.stringify(manifest));
    }
    if (options.switch !== false) {
      const temp = join(root, `current.${n}.tmp`);
      symlinkSync(join("builds", name), temp);
      renameSync(temp, join(root, "current"));
    }
    return dir;
  };
  addBuild(dataDate);
  return { root, addBuild };
}
