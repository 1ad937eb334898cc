/**
 * The mirror's root folder (shared plan, issue 28):
 *
 *   DIR/current            symlink → builds/<name>, switched atomically (new symlink + rename)
 *   DIR/builds/<name>/     one complete build (catalogue files + mirror.json, written last)
 *   DIR/builds/<x>.tmp/    a build in progress; never served, removed when it fails
 *   DIR/downloads/         downloads (partial ones resume)
 *   DIR/.lock              held while a sync or build runs
 *
 * <name> = <data date>-<build time yyyymmddThhmmss>. The previous build is kept after a switch
 * (a refresh can fall back to it by hand); older ones are removed.
 */
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, statfsSync, symlinkSync, unlinkSync, writeSync, lstatSync } from "node:fs";
import { hostname } from "node:os";
import { basename, join } from "node:path";
import { MirrorInputError } from "./errors.js";

export const CURRENT_LINK = "current";
export const BUILDS_DIR = "builds";
export const DOWNLOADS_DIR = "downloads";
export const LOCK_FILE = ".lock";
export const MANIFEST_FILE = "mirror.json";
/** Suffix of a build in progress. */
export const TMP_SUFFIX = ".tmp";

export interface MirrorManifest {
  format: 1;
  dataDate: string;
  dumpTimestamp: string;
  builtAt: string;
  sources: { db: string; tags?: string; traits?: string; votes?: string };
  counts: Record<string, number>;
  bytes: number;
  attribution: string;
}

export function mirrorPaths(root: string) {
  return {
    root,
    current: join(root, CURRENT_LINK),
    builds: join(root, BUILDS_DIR),
    downloads: join(root, DOWNLOADS_DIR),
    lock: join(root, LOCK_FILE),
  };
}

/** yyyymmddThhmmss in UTC. */
export function buildTime(now: Date): string {
  return now.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "");
}

export function buildName(dataDate: string, now: Date): string {
  return `${dataDate}-${buildTime(now)}`;
}

/** The build `current` points to (its name), or undefined. */
export function currentBuildName(root: string): string | undefined {
  try {
    return basename(readlinkSync(mirrorPaths(root).current));
  } catch {
    return undefined;
  }
}

export function readManifest(buildDir: string): MirrorManifest | undefined {
  try {
    const m = JSON.parse(readFileSync(join(buildDir, MANIFEST_FILE), "utf8")) as MirrorManifest;
    return m.format === 1 && typeof m.dataDate === "string" ? m : undefined;
  } catch {
    return undefined;
  }
}

/** Points `current` at builds/<name> atomically: a new symlink renamed over the old one. */
export function switchCurrent(root: string, name: string): void {
  const p = mirrorPaths(root);
  const temp = join(root, `${CURRENT_LINK}.${process.pid}.tmp`);
  rmSync(temp, { force: true });
  symlinkSync(join(BUILDS_DIR, name), temp);
  renameSync(temp, p.current);
}

/** Removes every build but `keep`, and leftovers of interrupted builds (call with the lock held). */
export function cleanBuilds(root: string, keep: readonly string[]): string[] {
  const dir = mirrorPaths(root).builds;
  if (!existsSync(dir)) return [];
  const removed: string[] = [];
  for (const name of readdirSync(dir)) {
    if (keep.includes(name)) continue;
    rmSync(join(dir, name), { recursive: true, force: true });
    removed.push(name);
  }
  for (const name of readdirSync(root)) {
    if (name.startsWith(`${CURRENT_LINK}.`) && name.endsWith(".tmp")) rmSync(join(root, name), { force: true });
  }
  return removed;
}

/** Removes leftovers of interrupted builds (call with the lock held). */
export function removeStaleTemps(root: string): void {
  const dir = mirrorPaths(root).builds;
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) if (name.endsWith(TMP_SUFFIX)) rmSync(join(dir, name), { recursive: true, force: true });
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes DIR/.lock (created exclusively, holding pid and host). A lock left by a process that no
 * longer runs on this host is stale and taken over; a live one is a MirrorInputError.
 * Returns the release function.
 */
export function acquireLock(root: string): () => void {
  mkdirSync(root, { recursive: true });
  const path = mirrorPaths(root).lock;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx");
      writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), started: new Date().toISOString() }));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          const held = JSON.parse(readFileSync(path, "utf8")) as { pid?: number };
          if (held.pid === process.pid) unlinkSync(path);
        } catch {
          /* already gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
    let holder: { pid?: number; host?: string; started?: string } = {};
    try {
      holder = JSON.parse(readFileSync(path, "utf8")) as typeof holder;
    } catch {
      /* unreadable: treat as stale */
    }
    const sameHost = holder.host === undefined || holder.host === hostname();
    if (typeof holder.pid === "number" && (!sameHost || pidAlive(holder.pid))) {
      throw new MirrorInputError(
        `${root} is busy: another mirror sync or build (pid ${holder.pid}${sameHost ? "" : ` on ${holder.host}`}, since ${holder.started ?? "?"}) holds ${path}; wait for it, or remove the file if that process is gone`,
      );
    }
    rmSync(path, { force: true }); // stale: its process is gone
  }
  throw new MirrorInputError(`could not take the lock ${path}`);
}

/** Total bytes of the files under dir. */
export function dirBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) total += dirBytes(p);
    else if (entry.isFile()) total += statSync(p).size;
  }
  return total;
}

/** Free bytes for an unprivileged writer on dir's file system. */
export function freeBytes(dir: string): number {
  const s = statfsSync(dir);
  return Number(s.bavail) * Number(s.bsize);
}

export function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
