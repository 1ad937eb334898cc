/**
 * One mirror build: check the dump → read it into the deriver → derive and write the catalogue
 * into builds/<x>.tmp → write mirror.json last → rename to builds/<name> → switch `current`
 * atomically → keep the previous build, remove older ones. Whatever fails (a bad archive, a
 * missing table or column, a full disk, an interrupt), the temporary build is removed and
 * `current` is left as it was: a failed build never touches the mirror being served.
 */
import { statSync, mkdirSync, renameSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { basename, join } from "node:path";
import { MirrorInputError } from "./errors.js";
import { CATALOGUE_FILES } from "../emulator/catalogue/load.js";
import { writeServeIndex } from "../emulator/catalogue/serve-index.js";
import { type DumpConsumer, peekTimestamp, readDump } from "./dump/read-dump.js";
import {
  type MirrorManifest,
  MANIFEST_FILE,
  TMP_SUFFIX,
  acquireLock,
  buildName,
  buildTime,
  cleanBuilds,
  currentBuildName,
  dirBytes,
  freeBytes,
  mirrorPaths,
  removeStaleTemps,
  switchCurrent,
} from "./layout.js";
import { type Progress, silentProgress } from "./progress.js";

/** Extra inputs of a build (paths; .gz or plain). Same shape as derive's ExtraInputs. */
export interface BuildExtras {
  tagsJson?: string;
  traitsJson?: string;
  votesFile?: string;
}

/** What builds the catalogue from the dump (derive/index.ts createDeriver, or a test's stand-in). */
export type DeriverFactory = (options: { today: number; dataDate: string }) => DumpConsumer & {
  finish(outDir: string, extras: BuildExtras, progress?: Progress): Promise<{ counts: Record<string, number> }>;
};

export interface BuildOptions {
  /** The mirror's root (DIR). */
  root: string;
  /** The vndb-db-*.tar.zst file. */
  dump: string;
  extras?: BuildExtras;
  /** Names recorded in mirror.json (file names or URLs; never a token). Default: the files' names. */
  sources?: MirrorManifest["sources"];
  createDeriver: DeriverFactory;
  attribution: string;
  progress?: Progress;
  signal?: AbortSignal;
  /** The caller already holds DIR/.lock (sync: download + build under one lock). */
  locked?: boolean;
  now?: () => Date;
  /** Free disk needed before starting; default from the dump's size (see FREE_SPACE_FACTOR). */
  minFreeBytes?: number;
  /** Use fzstd even where node:zlib has zstd (tests). */
  forceJsZstd?: boolean;
}

export interface BuildResult {
  name: string;
  dir: string;
  manifest: MirrorManifest;
  warnings: string[];
  /** The build `current` pointed to before, kept. */
  previous?: string;
  removed: string[];
}

/**
 * Free space a build needs, as a multiple of the compressed dump: the full dump (190 MB
 * compressed) holds about 1 GB of COPY text (landscape note §3: ~3 GB for a Postgres import);
 * the catalogue JSON is of the same order, and the previous build stays. 4× the dump plus
 * FREE_SPACE_MARGIN keeps a build from filling the disk half-way in the common case; ENOSPC is
 * still handled if it happens.
 */
export const FREE_SPACE_FACTOR = 4;
/** Fixed headroom for small dumps and the file system's own needs. */
export const FREE_SPACE_MARGIN = 64 * 1024 * 1024;

function mib(n: number): string {
  return `${(n / (1 << 20)).toFixed(0)} MiB`;
}

/** "2026-11-27 08:00:12+00" → 20261127. */
export function dayNumber(timestamp: string): number {
  return Number(timestamp.slice(0, 10).replace(/-/g, ""));
}

function describeFsError(e: unknown, where: string): unknown {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code === "ENOSPC") return new MirrorInputError(`the disk is full (writing ${where}); free some space and build again — the current mirror is untouched`);
  if (code === "EACCES" || code === "EPERM" || code === "EROFS") return new MirrorInputError(`cannot write ${where} (${code})`);
  return e;
}

export async function buildMirror(options: BuildOptions): Promise<BuildResult> {
  const progress = options.progress ?? silentProgress;
  const now = options.now ?? (() => new Date());
  const paths = mirrorPaths(options.root);
  try {
    mkdirSync(paths.builds, { recursive: true });
  } catch (e) {
    throw describeFsError(e, paths.builds);
  }
  const release = options.locked ? () => {} : acquireLock(options.root);
  const started = now();
  const temp = join(paths.builds, `${buildTime(started)}.${process.pid}${TMP_SUFFIX}`);
  try {
    removeStaleTemps(options.root);
    const dumpSize = (() => {
      try {
        return statSync(options.dump).size;
      } catch {
        throw new MirrorInputError(`${options.dump}: no such dump file`);
      }
    })();
    const needed = options.minFreeBytes ?? dumpSize * FREE_SPACE_FACTOR + FREE_SPACE_MARGIN;
    const free = freeBytes(paths.builds);
    if (free < needed) {
      throw new MirrorInputError(`not enough free disk in ${paths.builds}: ${mib(free)} free, a build of this dump needs about ${mib(needed)}; the current mirror is untouched`);
    }
    const timestamp = await peekTimestamp(options.dump, { forceJsZstd: options.forceJsZstd });
    const dataDate = timestamp.slice(0, 10);
    let deriver: ReturnType<DeriverFactory> | null = options.createDeriver({ today: dayNumber(timestamp), dataDate });
    mkdirSync(temp);
    const read = await readDump(options.dump, deriver, progress, { signal: options.signal, forceJsZstd: options.forceJsZstd });
    if (options.signal?.aborted) throw new MirrorInputError("the build was interrupted");
    let counts: Record<string, number>;
    try {
      ({ counts } = await deriver.finish(temp, options.extras ?? {}, progress));
    } catch (e) {
      throw describeFsError(e, temp);
    }
    // Let go of what the deriver holds before the serve index reads the catalogue back (peak RSS).
    deriver = null;
    if (options.signal?.aborted) throw new MirrorInputError("the build was interrupted");
    // What the server would otherwise compute at every start (emulator/catalogue/serve-index.ts),
    // for a whole catalogue (a test's stand-in deriver writes a table or two).
    if (Object.values(CATALOGUE_FILES).every((f) => existsSync(join(temp, f)))) {
      progress.stage("serve index");
      try {
        writeServeIndex(temp, dayNumber(timestamp));
      } catch (e) {
        throw describeFsError(e, temp);
      }
      progress.done();
      if (options.signal?.aborted) throw new MirrorInputError("the build was interrupted");
    }
    const sources: MirrorManifest["sources"] = options.sources ?? {
      db: basename(options.dump),
      ...(options.extras?.tagsJson ? { tags: basename(options.extras.tagsJson) } : {}),
      ...(options.extras?.traitsJson ? { traits: basename(options.extras.traitsJson) } : {}),
      ...(options.extras?.votesFile ? { votes: basename(options.extras.votesFile) } : {}),
    };
    const manifest: MirrorManifest = {
      format: 1,
      dataDate,
      dumpTimestamp: read.timestamp,
      builtAt: now().toISOString(),
      sources,
      counts,
      bytes: dirBytes(temp),
      attribution: options.attribution,
    };
    const name = buildName(dataDate, started);
    const dir = join(paths.builds, name);
    try {
      // mirror.json last: a build without it is incomplete and never served.
      writeFileSync(join(temp, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
      if (existsSync(dir)) throw new MirrorInputError(`${dir} exists already`);
      renameSync(temp, dir);
    } catch (e) {
      throw describeFsError(e, temp);
    }
    const previous = currentBuildName(options.root);
    switchCurrent(options.root, name);
    const removed = cleanBuilds(options.root, previous && previous !== name ? [name, previous] : [name]);
    return { name, dir, manifest, warnings: read.warnings, ...(previous && previous !== name ? { previous } : {}), removed };
  } catch (e) {
    rmSync(temp, { recursive: true, force: true });
    throw e;
  } finally {
    release();
  }
}
