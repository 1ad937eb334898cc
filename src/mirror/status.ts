/**
 * What a mirror folder holds: the build `current` points to, its data date, age, row counts and
 * size, and the other builds kept. No complete build is a MirrorInputError (the CLI exits 1).
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { MirrorInputError } from "./errors.js";
import { type MirrorManifest, currentBuildName, mirrorPaths, readManifest, TMP_SUFFIX } from "./layout.js";

export interface MirrorStatus {
  root: string;
  build: string;
  dir: string;
  manifest: MirrorManifest;
  /** Whole days from the data date (midnight UTC) to now. */
  ageDays: number;
  /** Every build folder, current included (temporary ones excluded). */
  builds: string[];
}

const DAY_MS = 86_400_000;

export function mirrorStatus(root: string, now = Date.now()): MirrorStatus {
  const paths = mirrorPaths(root);
  if (!existsSync(root)) throw new MirrorInputError(`${root}: no such folder; make a mirror with \`vndb-mcp-server mirror sync --dir ${root}\``);
  const build = currentBuildName(root);
  if (!build) throw new MirrorInputError(`${root}: no mirror built yet (no ${paths.current}); run \`vndb-mcp-server mirror sync --dir ${root}\``);
  const dir = join(paths.builds, build);
  const manifest = readManifest(dir);
  if (!manifest) throw new MirrorInputError(`${root}: the current build ${build} is incomplete (no readable mirror.json); run \`vndb-mcp-server mirror sync --dir ${root}\` again`);
  const builds = existsSync(paths.builds) ? readdirSync(paths.builds).filter((n) => !n.endsWith(TMP_SUFFIX)).sort() : [];
  const ageDays = Math.floor((now - Date.parse(`${manifest.dataDate}T00:00:00Z`)) / DAY_MS);
  return { root, build, dir, manifest, ageDays, builds };
}

function size(bytes: number): string {
  if (bytes >= 1 << 30) return `${(bytes / (1 << 30)).toFixed(2)} GiB`;
  if (bytes >= 1 << 20) return `${(bytes / (1 << 20)).toFixed(1)} MiB`;
  return `${(bytes / 1024).toFixed(0)} KiB`;
}

export function formatStatus(s: MirrorStatus): string {
  const m = s.manifest;
  const lines = [
    `mirror:     ${s.root}`,
    `data date:  ${m.dataDate} (${s.ageDays === 0 ? "today" : s.ageDays === 1 ? "1 day old" : `${s.ageDays} days old`}; dump TIMESTAMP ${m.dumpTimestamp})`,
    `build:      ${s.build} (built ${m.builtAt})`,
    `size:       ${size(m.bytes)}`,
    `sources:    ${Object.entries(m.sources).map(([k, v]) => `${k} ${v}`).join(", ")}`,
    `rows:       ${Object.entries(m.counts).map(([k, v]) => `${k} ${v.toLocaleString("en-US")}`).join(", ")}`,
    `builds:     ${s.builds.map((b) => (b === s.build ? `${b} (current)` : b)).join(", ")}`,
  ];
  return `${lines.join("\n")}\n`;
}
