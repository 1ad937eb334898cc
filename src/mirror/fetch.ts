/**
 * Downloads VNDB's dumps (util/dl-cron.sh: `vndb-db-latest.tar.zst` and friends are symlinks
 * the web server answers with a 307 to the dated file) into DIR/downloads/, resuming an
 * interrupted download with a Range request validated by If-Range (ETag, else Last-Modified),
 * and starting over when the server answers the Range with a whole 200.
 *
 * Nothing of a user ever goes to the download host: requests carry no Authorization or cookie
 * (this module reads no token and no environment), and a URL with credentials is refused.
 * Plain node:http/https: mirror/ never imports client/ (that is the code that talks to VNDB's API).
 */
import { closeSync, createWriteStream, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, fsyncSync } from "node:fs";
import * as http from "node:http";
import * as https from "node:https";
import { basename, join } from "node:path";
import { MirrorInputError } from "./errors.js";
import { type Progress, silentProgress } from "./progress.js";

/** VNDB's download folder (vndb.org/d14). */
export const DEFAULT_DUMP_BASE = "https://dl.vndb.org/dump/";
/** The "-latest" names util/dl-cron.sh links to the newest dated file. */
export const DUMP_FILES = {
  db: "vndb-db-latest.tar.zst",
  tags: "vndb-tags-latest.json.gz",
  traits: "vndb-traits-latest.json.gz",
  votes: "vndb-votes-latest.gz",
} as const;
export type DumpKind = keyof typeof DUMP_FILES;

/** Redirects followed (latest → dated is one; a CDN may add one or two). */
const MAX_REDIRECTS = 5;
/** No response headers within this long: the host is not answering. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;
/** No body bytes for this long mid-download: the connection is stalled; the part is kept for resuming. */
export const DEFAULT_IDLE_TIMEOUT_MS = 60_000;
const USER_AGENT = "vndb-mcp-server mirror (https://github.com/vndb-mcp/vndb-mcp-server)";

export interface DownloadOptions {
  progress?: Progress;
  signal?: AbortSignal;
  connectTimeoutMs?: number;
  idleTimeoutMs?: number;
}

export interface DownloadResult {
  /** The complete file on disk. */
  path: string;
  /** The URL it came from after redirects (the dated file). */
  url: string;
  bytes: number;
  /** True when an earlier partial download was continued. */
  resumed: boolean;
  /** True when the complete file was already there (dated files never change). */
  reused: boolean;
}

interface PartMeta { url: string; etag?: string; lastModified?: string; total?: number }

export function dumpUrl(base: string, kind: DumpKind): string {
  return new URL(DUMP_FILES[kind], base.endsWith("/") ? base : `${base}/`).toString();
}

function checkUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new MirrorInputError(`not a URL: ${raw}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new MirrorInputError(`${raw}: only http and https downloads are supported`);
  if (url.username || url.password) throw new MirrorInputError(`the download URL must not carry credentials (${url.host}); the dumps are public`);
  return url;
}

/** A URL fit for messages and mirror.json (no query string: nothing secret should be there, but keep it short). */
function shown(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

interface Response { res: http.IncomingMessage; url: URL }

function request(url: URL, headers: Record<string, string>, options: DownloadOptions): Promise<Response> {
  const connectTimeout = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const lib = url.protocol === "https:" ? https : http;
    // Only these headers: no Authorization, no Cookie, whatever the environment holds.
    const req = lib.request(url, { method: "GET", headers: { "user-agent": USER_AGENT, "accept-encoding": "identity", ...headers }, signal: options.signal });
    const timer = setTimeout(() => req.destroy(Object.assign(new Error(`no answer within ${connectTimeout / 1000} s`), { code: "ETIMEDOUT" })), connectTimeout);
    req.on("response", (res) => {
      clearTimeout(timer);
      resolve({ res, url });
    });
    req.on("error", (e) => {
      clearTimeout(timer);
      reject(networkError(url, e));
    });
    req.end();
  });
}

function networkError(url: URL, e: Error): Error {
  if (e.name === "AbortError") return new MirrorInputError(`download of ${shown(url)} was interrupted`);
  const code = (e as NodeJS.ErrnoException).code;
  return new MirrorInputError(`cannot download ${shown(url)}: ${code ? `${code} ` : ""}${e.message}`.trim());
}

async function follow(start: URL, headers: Record<string, string>, options: DownloadOptions): Promise<Response> {
  let url = start;
  for (let hop = 0; ; hop++) {
    const r = await request(url, headers, options);
    const status = r.res.statusCode ?? 0;
    if (status >= 300 && status < 400 && status !== 304 && r.res.headers.location) {
      r.res.resume();
      if (hop >= MAX_REDIRECTS) throw new MirrorInputError(`${shown(start)}: more than ${MAX_REDIRECTS} redirects`);
      url = checkUrl(new URL(r.res.headers.location, url).toString());
      continue;
    }
    return r;
  }
}

function readMeta(path: string): PartMeta | undefined {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as PartMeta;
  } catch {
    return undefined;
  }
}

/**
 * The dated name behind a "-latest" URL: one request without a body (a Range of zero bytes
 * is not universal, so the redirect is simply read and the answer's body dropped).
 */
async function resolveName(start: URL, options: DownloadOptions): Promise<{ url: URL; name: string }> {
  let url = start;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const r = await request(url, { range: "bytes=0-0" }, options);
    r.res.destroy();
    const status = r.res.statusCode ?? 0;
    if (status >= 300 && status < 400 && r.res.headers.location) {
      url = checkUrl(new URL(r.res.headers.location, url).toString());
      continue;
    }
    if (status === 404) throw new MirrorInputError(`${shown(url)}: 404 Not Found; check the download URL (--url)`);
    if (status >= 400) throw new MirrorInputError(`${shown(url)}: HTTP ${status}${r.res.statusMessage ? ` ${r.res.statusMessage}` : ""}`);
    return { url, name: basename(decodeURIComponent(url.pathname)) || "download" };
  }
  throw new MirrorInputError(`${shown(start)}: more than ${MAX_REDIRECTS} redirects`);
}

/** Downloads `rawUrl` into `dir`, resuming what an earlier run left. */
export async function download(rawUrl: string, dir: string, options: DownloadOptions = {}): Promise<DownloadResult> {
  const progress = options.progress ?? silentProgress;
  const start = checkUrl(rawUrl);
  mkdirSync(dir, { recursive: true });
  const { url, name } = await resolveName(start, options);
  const final = join(dir, name);
  const part = `${final}.part`;
  const metaPath = `${final}.json`;
  const meta = readMeta(metaPath);
  // A complete dated file never changes; a "-latest" name served without redirect might.
  if (existsSync(final) && meta?.total === statSync(final).size && name !== basename(start.pathname)) {
    return { path: final, url: shown(url), bytes: meta.total, resumed: false, reused: true };
  }
  let have = existsSync(part) ? statSync(part).size : 0;
  const validator = meta?.url === shown(url) ? (meta.etag ?? meta.lastModified) : undefined;
  if (have > 0 && !validator) have = 0; // nothing to prove the part belongs to the same file
  const headers: Record<string, string> = have > 0 ? { range: `bytes=${have}-`, "if-range": validator! } : {};
  const r = await follow(url, headers, options);
  const res = r.res;
  const status = res.statusCode ?? 0;
  let offset = 0;
  let total: number | undefined;
  if (status === 206 && have > 0) {
    const m = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(String(res.headers["content-range"] ?? ""));
    if (!m || Number(m[1]) !== have) {
      res.destroy();
      throw new MirrorInputError(`${shown(url)}: the server answered the resume with the wrong range (${res.headers["content-range"] ?? "none"}); delete ${part} and run again`);
    }
    offset = have;
    total = m[3] === "*" ? undefined : Number(m[3]);
  } else if (status === 416 && have > 0) {
    res.resume();
    const m = /^bytes \*\/(\d+)$/.exec(String(res.headers["content-range"] ?? ""));
    if (m && Number(m[1]) === have) {
      renameSync(part, final);
      writeFileSync(metaPath, JSON.stringify({ ...meta, total: have }));
      return { path: final, url: shown(url), bytes: have, resumed: true, reused: false };
    }
    rmSync(part, { force: true });
    return download(rawUrl, dir, options); // the part does not fit the file: start over
  } else if (status === 200) {
    const length = res.headers["content-length"];
    total = length !== undefined ? Number(length) : undefined;
  } else {
    res.resume();
    if (status === 404) throw new MirrorInputError(`${shown(url)}: 404 Not Found; check the download URL (--url)`);
    throw new MirrorInputError(`${shown(url)}: HTTP ${status}${res.statusMessage ? ` ${res.statusMessage}` : ""}`);
  }
  const etag = res.headers.etag;
  const lastModified = res.headers["last-modified"];
  const fresh: PartMeta = { url: shown(url), ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}), ...(total !== undefined ? { total } : {}) };
  writeFileSync(metaPath, JSON.stringify(fresh));
  if (existsSync(final)) rmSync(final);

  progress.stage(`download ${name}`, total);
  if (offset) progress.advance(offset);
  const out = createWriteStream(part, { flags: offset ? "a" : "w" });
  let got = offset;
  const idle = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  try {
    await new Promise<void>((resolve, reject) => {
      let timer = setTimeout(stall, idle);
      let stalled: Error | undefined;
      function stall(): void {
        stalled = Object.assign(new Error(`no data for ${idle / 1000} s`), { code: "ETIMEDOUT" });
        res.destroy(stalled);
      }
      res.on("data", (c: Buffer) => {
        clearTimeout(timer);
        timer = setTimeout(stall, idle);
        got += c.length;
        progress.advance(c.length);
        if (!out.write(c)) {
          res.pause();
          out.once("drain", () => res.resume());
        }
      });
      res.on("end", () => {
        clearTimeout(timer);
        out.end(() => resolve());
      });
      const fail = (e: Error) => {
        clearTimeout(timer);
        out.end(() => reject(stalled ?? e));
      };
      res.on("error", fail);
      res.on("aborted", () => fail(new Error("the connection was closed")));
      out.on("error", (e) => {
        clearTimeout(timer);
        res.destroy();
        reject(e);
      });
    });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOSPC") throw new MirrorInputError(`the disk is full while downloading into ${dir}; free some space (the part is kept and resumes)`);
    if (options.signal?.aborted) throw new MirrorInputError(`download of ${name} was interrupted at ${got} bytes; run again to resume`);
    throw new MirrorInputError(`download of ${shown(url)} stopped at ${got}${total !== undefined ? ` of ${total}` : ""} bytes (${(e as Error).message}); run again to resume`);
  } finally {
    progress.done();
  }
  if (total !== undefined && got !== total) {
    throw new MirrorInputError(`download of ${shown(url)} ended at ${got} of ${total} bytes; run again to resume`);
  }
  const fd = openSync(part, "r");
  fsyncSync(fd);
  closeSync(fd);
  renameSync(part, final);
  writeFileSync(metaPath, JSON.stringify({ ...fresh, total: got }));
  return { path: final, url: shown(url), bytes: got, resumed: offset > 0, reused: false };
}
