// `vndb-mcp-server mirror …`: make and inspect a local mirror of VNDB's database dumps (issue
// 28). Results go to stdout, progress and errors to stderr (a bar on a terminal, plain lines
// otherwise). Exit codes: 0 done, 1 failed (the current mirror is untouched), 2 usage.

import { parseArgs } from "node:util";
import type { CliIo } from "./filters.js";

const USAGE = `Usage: vndb-mcp-server mirror sync [--dir DIR] [--url BASE] [--no-tags] [--no-traits] [--no-votes] [--force]
       vndb-mcp-server mirror build --dump FILE [--tags FILE] [--traits FILE] [--votes FILE] --out DIR
       vndb-mcp-server mirror status [--dir DIR] [--json]

A mirror is a folder DIR that --mirror DIR (or VNDB_MIRROR) serves: every catalogue request is
answered from VNDB's daily database dump, locally, without VNDB's rate limit.

  sync     download the latest dumps (resuming an interrupted download) and build a new mirror
           in DIR, switching to it only when it is complete; the previous build is kept.
           --url BASE   download folder (default VNDB_DUMP_URL, else https://dl.vndb.org/dump/);
                        no token or credentials are ever sent there
           --no-tags / --no-traits / --no-votes   skip that extra dump (the votes dump feeds
                        recommendations; tags and traits add search counts)
           --force      build even when DIR already holds the latest dump
  build    build a mirror in DIR from files at hand (vndb-db-*.tar.zst and, optionally, the
           tags/traits JSON dumps and the votes dump)
  status   data date, age, row counts and size of DIR's mirror (exit 1 when it has none)

DIR defaults to VNDB_MIRROR. The full dump is about 190 MB to download; a build needs about
1 GB of free disk, and keeps the previous build beside the current one.
Data: VNDB.org, ODbL 1.0 / DbCL 1.0 (see the dump's README and LICENSE files).
`;

class UsageError extends Error {}

function dirArg(value: string | undefined, flag: string): string {
  const dir = value ?? process.env.VNDB_MIRROR?.trim();
  if (!dir) throw new UsageError(`${flag} DIR is required (or set VNDB_MIRROR)`);
  return dir;
}

/** SIGINT/SIGTERM abort the running step; its cleanup runs, then the process exits 130. */
function interruptible(): { signal: AbortSignal; dispose(): void; interrupted(): boolean } {
  const controller = new AbortController();
  let count = 0;
  const onSignal = (): void => {
    count++;
    if (count > 1) process.exit(130); // a second Ctrl-C: stop now
    controller.abort();
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    },
    interrupted: () => count > 0,
  };
}

export async function runMirror(args: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = args;
  if (command === undefined) {
    io.stderr(USAGE);
    return 2;
  }
  if (command === "--help" || command === "-h" || command === "help" || rest.includes("--help") || rest.includes("-h")) {
    io.stdout(USAGE);
    return 0;
  }
  const [{ MirrorInputError }, { createProgress }] = await Promise.all([import("../mirror/errors.js"), import("../mirror/progress.js")]);
  const stop = interruptible();
  try {
    if (command === "status") {
      const { values } = parseArgs({ args: [...rest], options: { dir: { type: "string" }, json: { type: "boolean" } }, strict: true, allowPositionals: false });
      const { mirrorStatus, formatStatus } = await import("../mirror/status.js");
      const s = mirrorStatus(dirArg(values.dir, "--dir"));
      io.stdout(values.json ? `${JSON.stringify({ build: s.build, dir: s.dir, ageDays: s.ageDays, builds: s.builds, ...s.manifest }, null, 2)}\n` : formatStatus(s));
      return 0;
    }
    if (command === "build" || command === "sync") {
      const { createDeriver, MIRROR_ATTRIBUTION } = await import("../mirror/derive/index.js");
      const progress = createProgress(process.stderr);
      if (command === "build") {
        const { values } = parseArgs({
          args: [...rest],
          options: { dump: { type: "string" }, tags: { type: "string" }, traits: { type: "string" }, votes: { type: "string" }, out: { type: "string" }, dir: { type: "string" } },
          strict: true,
          allowPositionals: false,
        });
        if (!values.dump) throw new UsageError("--dump FILE is required");
        const root = dirArg(values.out ?? values.dir, "--out");
        const { buildMirror } = await import("../mirror/build.js");
        const r = await buildMirror({
          root,
          dump: values.dump,
          extras: { ...(values.tags ? { tagsJson: values.tags } : {}), ...(values.traits ? { traitsJson: values.traits } : {}), ...(values.votes ? { votesFile: values.votes } : {}) },
          createDeriver,
          attribution: MIRROR_ATTRIBUTION,
          progress,
          signal: stop.signal,
        });
        for (const w of r.warnings) io.stderr(`warning: ${w}\n`);
        io.stdout(`built ${r.name} (VNDB data of ${r.manifest.dataDate}) in ${root}; now current${r.previous ? `, previous ${r.previous} kept` : ""}\n`);
        return 0;
      }
      const { values } = parseArgs({
        args: [...rest],
        options: {
          dir: { type: "string" },
          url: { type: "string" },
          "no-tags": { type: "boolean" },
          "no-traits": { type: "boolean" },
          "no-votes": { type: "boolean" },
          force: { type: "boolean" },
        },
        strict: true,
        allowPositionals: false,
      });
      const root = dirArg(values.dir, "--dir");
      const [{ syncMirror }, { DEFAULT_DUMP_BASE }] = await Promise.all([import("../mirror/sync.js"), import("../mirror/fetch.js")]);
      const r = await syncMirror({
        root,
        base: values.url ?? process.env.VNDB_DUMP_URL?.trim() ?? DEFAULT_DUMP_BASE,
        extras: { tags: !values["no-tags"], traits: !values["no-traits"], votes: !values["no-votes"] },
        createDeriver,
        attribution: MIRROR_ATTRIBUTION,
        force: values.force === true,
        progress,
        signal: stop.signal,
      });
      if (r.upToDate) io.stdout(`up to date: ${r.build} already holds the dump of ${r.dumpTimestamp}\n`);
      else {
        for (const w of r.warnings) io.stderr(`warning: ${w}\n`);
        io.stdout(`built ${r.name} (VNDB data of ${r.manifest.dataDate}) in ${root}; now current${r.previous ? `, previous ${r.previous} kept` : ""}\n`);
      }
      return 0;
    }
    throw new UsageError(`unknown mirror command '${command}'`);
  } catch (e) {
    if (e instanceof UsageError || (e as NodeJS.ErrnoException).code?.startsWith("ERR_PARSE_ARGS")) {
      io.stderr(`vndb-mcp-server mirror: ${(e as Error).message}\n${USAGE}`);
      return 2;
    }
    if (stop.interrupted()) {
      io.stderr(`vndb-mcp-server mirror: interrupted; the current mirror is untouched (${(e as Error).message})\n`);
      return 130;
    }
    if (e instanceof MirrorInputError || (e as Error).name === "DeriveInputError") {
      io.stderr(`vndb-mcp-server mirror: ${(e as Error).message}\n`);
      return 1;
    }
    io.stderr(`vndb-mcp-server mirror: ${(e as Error).message ?? String(e)}\n`);
    return 1;
  } finally {
    stop.dispose();
  }
}
