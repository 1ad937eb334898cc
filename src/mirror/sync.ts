/**
 * `mirror sync`: under DIR/.lock, download the latest dumps into DIR/downloads/ (resuming),
 * and build a new mirror from them unless `current` already holds that dump. Downloads other
 * than the ones just used are removed afterwards (one day's files at most stay on disk).
 */
import { readdirSync, rmSync } from "node:fs";
import { basename, join } from "node:path";
import { type BuildResult, type DeriverFactory, buildMirror } from "./build.js";
import { peekTimestamp } from "./dump/read-dump.js";
import { type DumpKind, download, dumpUrl } from "./fetch.js";
import { acquireLock, currentBuildName, mirrorPaths, readManifest } from "./layout.js";
import { type Progress, silentProgress } from "./progress.js";

export interface SyncOptions {
  root: string;
  /** Download folder URL (default VNDB's, fetch.ts DEFAULT_DUMP_BASE). */
  base: string;
  /** Extra dumps to fetch (the db dump is always fetched). */
  extras: { tags: boolean; traits: boolean; votes: boolean };
  createDeriver: DeriverFactory;
  attribution: string;
  /** Build even when current already holds this dump. */
  force?: boolean;
  progress?: Progress;
  signal?: AbortSignal;
  idleTimeoutMs?: number;
}

export type SyncResult = { upToDate: true; build: string; dumpTimestamp: string } | ({ upToDate: false } & BuildResult);

export async function syncMirror(o: SyncOptions): Promise<SyncResult> {
  const progress = o.progress ?? silentProgress;
  const release = acquireLock(o.root);
  try {
    const dir = mirrorPaths(o.root).downloads;
    const get = (kind: DumpKind) => download(dumpUrl(o.base, kind), dir, { progress, signal: o.signal, idleTimeoutMs: o.idleTimeoutMs });
    const db = await get("db");
    const tags = o.extras.tags ? await get("tags") : undefined;
    const traits = o.extras.traits ? await get("traits") : undefined;
    const votes = o.extras.votes ? await get("votes") : undefined;
    const keep = new Set([db, tags, traits, votes].filter((d) => d !== undefined).flatMap((d) => [basename(d.path), `${basename(d.path)}.json`]));
    const timestamp = await peekTimestamp(db.path);
    const current = currentBuildName(o.root);
    const manifest = current ? readManifest(join(mirrorPaths(o.root).builds, current)) : undefined;
    const sameSources = manifest && manifest.sources.db === db.url && manifest.sources.tags === tags?.url && manifest.sources.traits === traits?.url && manifest.sources.votes === votes?.url;
    let result: SyncResult;
    if (!o.force && current && manifest?.dumpTimestamp === timestamp && sameSources) {
      result = { upToDate: true, build: current, dumpTimestamp: timestamp };
    } else {
      const built = await buildMirror({
        root: o.root,
        dump: db.path,
        extras: { ...(tags ? { tagsJson: tags.path } : {}), ...(traits ? { traitsJson: traits.path } : {}), ...(votes ? { votesFile: votes.path } : {}) },
        sources: { db: db.url, ...(tags ? { tags: tags.url } : {}), ...(traits ? { traits: traits.url } : {}), ...(votes ? { votes: votes.url } : {}) },
        createDeriver: o.createDeriver,
        attribution: o.attribution,
        progress,
        signal: o.signal,
        locked: true,
      });
      result = { upToDate: false, ...built };
    }
    for (const name of readdirSync(dir)) if (!keep.has(name)) rmSync(join(dir, name), { recursive: true, force: true });
    return result;
  } finally {
    release();
  }
}
