// Reading the real-data folder (../shared/kana-data/real, described in its SOURCES.md).
// Only file access and parsing live here; turning records into catalogue rows is the
// business of the converter modules.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { DUMP_FILES } from "./dump-2024.js";

/** The real-data folder, relative to the repository root (the assignment fixes this layout). */
export const DEFAULT_SOURCE_DIR = join("..", "shared", "kana-data", "real");

/** Files the build cannot do without; checked up front so a missing folder fails clearly. */
const REQUIRED_FILES = [
  "SOURCES.md",
  "dumps/vndb-tags-2024-10-22.json",
  "dumps/vndb-traits-2022-10-02.json",
  "dumps/producers_20250521.csv",
  "legacy-tcp-api/vn.json",
  "legacy-tcp-api/release.json",
  "legacy-tcp-api/producer.json",
  "legacy-tcp-api/character.json",
  "legacy-tcp-api/staff.json",
  "legacy-tcp-api/ulist.json",
  "legacy-tcp-api/ulistlabels.json",
  "legacy-tcp-api/user.json",
  "api-v2-derived/vinfall-vndb-calendar/vndb-release.json",
  "api-v2-derived/sora-o-tobu-vndb-site/my_galgame.json",
  "doc-examples/get-user_q-NoUserWithThisNameExists_AYO_u3.json",
  "doc-examples/get-user_q-yorhel_fields-lengthvotes.json",
];

export class SourceMissingError extends Error {}

/** Throws a SourceMissingError naming every missing file. */
export function checkSourceDir(dir: string): void {
  if (!existsSync(dir)) {
    throw new SourceMissingError(
      `Real-data folder not found: ${dir}\n` +
        "The catalogue is built from ../shared/kana-data/real (beside the repository). " +
        "Pass --source <dir> if it lives elsewhere.",
    );
  }
  const missing = [...REQUIRED_FILES, ...DUMP_FILES].filter((f) => !existsSync(join(dir, f)));
  if (missing.length > 0) {
    throw new SourceMissingError(`Real-data folder ${dir} lacks: ${missing.join(", ")}`);
  }
}

export function readJson<T>(dir: string, file: string): T {
  return JSON.parse(readFileSync(join(dir, file), "utf8")) as T;
}

/** Every *.json under `sub`, as paths relative to `dir`, sorted so builds are reproducible. */
export function listJsonFiles(dir: string, sub: string): string[] {
  const out: string[] = [];
  const walk = (path: string): void => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith(".json")) out.push(relative(dir, full));
    }
  };
  walk(join(dir, sub));
  return out.sort();
}

/**
 * RFC 4180 CSV: quoted fields may hold commas, newlines and doubled quotes. The producers
 * dump has newline-separated aliases and multi-paragraph descriptions inside quotes.
 */
export function parseCsv(text: string): Record<string, string>[] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      record.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  const [header, ...rows] = records;
  return rows
    .filter((r) => r.length > 1 || r[0] !== "")
    .map((r) => {
      if (r.length !== header.length) {
        throw new Error(`CSV row has ${r.length} fields, header has ${header.length}: ${r[0]}`);
      }
      return Object.fromEntries(header.map((h, i) => [h, r[i]]));
    });
}
