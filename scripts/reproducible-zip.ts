// The .mcpb as the same bytes from the same source on the same day: `mcpb pack` stamps every
// entry with the time of packing and the mode of the staged file, so two builds of one commit
// differed and server.json's fileSha256 could not be checked against a build. Repacking with
// entries in name order, one date (the bundle's "as of" day, which its prebuilt caches are
// computed for too) and one mode makes the sum a property of the source and that day.
import { readFileSync, writeFileSync } from "node:fs";
import { unzipSync, zipSync, type Zippable } from "fflate";

/** A plain file, readable by all (no entry is executed directly: the manifest starts `node`). */
const FILE_MODE = 0o644;
/** fflate's default, and what `mcpb pack` used (its pack.js). */
const LEVEL = 9;
/** Zip "made by" Unix, so the mode above is what unzip tools apply. */
const UNIX = 3;

/** A day as YYYY-MM-DD. */
export const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The entries' stamp for `day`: noon of that day in the machine's local time, because a zip
 * stores a local date and time (DOS format) and fflate reads them from local getters; noon of
 * the local calendar day gives the same fields in every time zone.
 */
function stampOf(day: string): Date {
  const m = DAY.exec(day);
  if (!m) throw new Error(`not a day (YYYY-MM-DD): ${day}`);
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12);
}

/** Rewrites the zip at `path` deterministically, stamped `day`. */
export function repackReproducibly(path: string, day: string): void {
  const entries = unzipSync(readFileSync(path));
  const mtime = stampOf(day);
  const files: Zippable = {};
  for (const name of Object.keys(entries).sort()) {
    if (name.endsWith("/")) continue; // folders are implied by their files
    files[name] = [entries[name]!, { os: UNIX, attrs: FILE_MODE << 16, mtime, level: LEVEL }];
  }
  writeFileSync(path, zipSync(files, { level: LEVEL, mtime }));
}

/** The day a zip's first entry is stamped with (its local header's DOS date), as YYYY-MM-DD. */
export function stampedDay(zip: Uint8Array): string {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  if (zip.byteLength < 30 || view.getUint32(0, true) !== 0x04034b50) throw new Error("not a zip (no local file header at the start)");
  const dos = view.getUint16(12, true);
  const year = 1980 + (dos >> 9);
  const month = (dos >> 5) & 0xf;
  const date = dos & 0x1f;
  return `${year}-${String(month).padStart(2, "0")}-${String(date).padStart(2, "0")}`;
}
