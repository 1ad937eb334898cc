// V8's compiled code for the server's modules, kept on disk between starts (Node's compile
// cache, Node 22.1 and later; Node 20 has no such API and compiles every start). Compiling
// the bundle's JavaScript is most of what a start costs beyond a minimal SDK server: on
// Node 24, spawn -> tools/list went from 1.36x to 1.09x the minimal server's (bench:server).
// Node's own switches apply: NODE_DISABLE_COMPILE_CACHE=1 turns it off, NODE_COMPILE_CACHE
// names the folder (by default node-compile-cache in the system's temporary folder).
import nodeModule from "node:module";

/** The two functions of node:module this uses; absent before Node 22.1 (and from @types/node 20). */
interface CompileCacheApi {
  enableCompileCache?: () => unknown;
  flushCompileCache?: () => void;
}

/**
 * The cache is written at a normal exit, and a host may kill its servers instead: write it
 * once the start and usually a first call are compiled.
 */
const FLUSH_AFTER_MS = 5_000;

const api = nodeModule as CompileCacheApi;

/** Whether this Node has a compile cache (22.1 and later). */
export const HAS_COMPILE_CACHE = typeof api.enableCompileCache === "function";

/** Turns the compile cache on for what this process loads from now on. */
export function keepCompiledCode(): void {
  if (!api.enableCompileCache) return;
  api.enableCompileCache();
  setTimeout(() => api.flushCompileCache?.(), FLUSH_AFTER_MS).unref();
}
