import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { MirrorInputError } from "../../../src/mirror/errors.js";
import { DEFAULT_DUMP_BASE, download, dumpUrl } from "../../../src/mirror/fetch.js";
import { type DumpHost, startDumpHost } from "./dump-host.js";

const body = randomBytes(3 * 1024 * 1024 + 123);
const base = mkdtempSync(join(tmpdir(), "mirror-fetch-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));
let host: DumpHost;
let dir: string;
let n = 0;
beforeEach(async () => {
  host = await startDumpHost({ "vndb-db-latest.tar.zst": { name: "vndb-db-2026-11-27.tar.zst", body } });
  dir = join(base, `d${n++}`);
});
afterEach(() => host.close());

const bodyRequests = () => host.requests.filter((r) => r.url.endsWith("2026-11-27.tar.zst") && r.headers.range !== "bytes=0-0");

async function failure(p: Promise<unknown>, pattern: RegExp): Promise<void> {
  const e = await p.then(() => undefined, (x: unknown) => x);
  expect(e).toBeInstanceOf(MirrorInputError);
  expect((e as Error).message).toMatch(pattern);
}

describe("download", () => {
  it("names VNDB's files under the default host", () => {
    expect(DEFAULT_DUMP_BASE).toBe("https://dl.vndb.org/dump/");
    expect(dumpUrl(DEFAULT_DUMP_BASE, "db")).toBe("https://dl.vndb.org/dump/vndb-db-latest.tar.zst");
    expect(dumpUrl("http://h/x", "votes")).toBe("http://h/x/vndb-votes-latest.gz");
  });

  it("follows the 307 to the dated file and stores it under that name", async () => {
    const r = await download(dumpUrl(host.base, "db"), dir);
    expect(r.path).toBe(join(dir, "vndb-db-2026-11-27.tar.zst"));
    expect(r.url).toBe(`${host.base}vndb-db-2026-11-27.tar.zst`);
    expect(readFileSync(r.path).equals(body)).toBe(true);
    expect(r).toMatchObject({ bytes: body.length, resumed: false, reused: false });
    // Run again: the dated file is complete, nothing is downloaded again.
    const again = await download(dumpUrl(host.base, "db"), dir);
    expect(again.reused).toBe(true);
    expect(bodyRequests().length).toBe(1);
  });

  it("resumes with Range + If-Range after the connection drops half-way", async () => {
    host.mode = "drop-once";
    await failure(download(dumpUrl(host.base, "db"), dir), /stopped at \d+ of \d+ bytes.*run again to resume/);
    const partSize = statSync(join(dir, "vndb-db-2026-11-27.tar.zst.part")).size;
    expect(partSize).toBeGreaterThan(0);
    expect(partSize).toBeLessThan(body.length);
    const r = await download(dumpUrl(host.base, "db"), dir);
    expect(r.resumed).toBe(true);
    expect(readFileSync(r.path).equals(body)).toBe(true);
    const last = bodyRequests().at(-1)!;
    expect(last.headers.range).toBe(`bytes=${partSize}-`);
    expect(last.headers["if-range"]).toBe('"v1"');
    expect(existsSync(join(dir, "vndb-db-2026-11-27.tar.zst.part"))).toBe(false);
  });

  it("starts over when the server answers the Range with a whole 200", async () => {
    host.mode = "drop-once";
    await failure(download(dumpUrl(host.base, "db"), dir), /run again to resume/);
    host.mode = "ignore-range";
    const r = await download(dumpUrl(host.base, "db"), dir);
    expect(r.resumed).toBe(false);
    expect(readFileSync(r.path).equals(body)).toBe(true);
  });

  it("starts over when the file changed (If-Range no longer matches)", async () => {
    host.mode = "drop-once";
    await failure(download(dumpUrl(host.base, "db"), dir), /run again to resume/);
    const changed = randomBytes(body.length);
    host.files.set("vndb-db-latest.tar.zst", { name: "vndb-db-2026-11-27.tar.zst", body: changed, etag: '"v2"' });
    host.mode = "normal";
    const r = await download(dumpUrl(host.base, "db"), dir);
    expect(readFileSync(r.path).equals(changed)).toBe(true);
  });

  it("does not resume without a validator (no ETag or Last-Modified to prove it is the same file)", async () => {
    host.mode = "drop-once";
    host.noValidators = true;
    await failure(download(dumpUrl(host.base, "db"), dir), /run again to resume/);
    host.mode = "normal";
    const r = await download(dumpUrl(host.base, "db"), dir);
    expect(r.resumed).toBe(false);
    expect(bodyRequests().at(-1)!.headers.range).toBeUndefined();
    expect(readFileSync(r.path).equals(body)).toBe(true);
  });

  it("says 404 clearly", async () => {
    await failure(download(`${host.base}vndb-nothing-latest.gz`, dir), /vndb-nothing-latest\.gz: 404 Not Found; check the download URL/);
  });

  it("times out a stalled download and keeps the part", async () => {
    host.mode = "stall";
    await failure(download(dumpUrl(host.base, "db"), dir, { idleTimeoutMs: 300 }), /no data for 0\.3 s.*run again to resume/);
    expect(statSync(join(dir, "vndb-db-2026-11-27.tar.zst.part")).size).toBeGreaterThan(0);
  });

  it("stops on an abort (Ctrl-C) mid-body, keeping the part to resume", async () => {
    host.mode = "stall";
    const abort = new AbortController();
    const p = download(dumpUrl(host.base, "db"), dir, { signal: abort.signal, progress: { stage() {}, advance: () => abort.abort(), done() {} } });
    await failure(p, /interrupted/);
    expect(statSync(join(dir, "vndb-db-2026-11-27.tar.zst.part")).size).toBeGreaterThan(0);
    host.mode = "normal";
    const r = await download(dumpUrl(host.base, "db"), dir);
    expect(r.resumed).toBe(true);
    expect(readFileSync(r.path).equals(body)).toBe(true);
  });

  it("says when the host cannot be reached", async () => {
    await host.close();
    await failure(download(dumpUrl(host.base, "db"), dir), /cannot download .*ECONNREFUSED/);
  });

  it("never sends an Authorization header or cookie, whatever the environment holds, and refuses URLs with credentials", async () => {
    const saved = process.env.VNDB_TOKEN;
    process.env.VNDB_TOKEN = "abcd-efghi-jklmn-opqrs-tuvwx-yzabc-defg";
    try {
      host.mode = "drop-once";
      await download(dumpUrl(host.base, "db"), dir).catch(() => undefined);
      host.mode = "normal";
      await download(dumpUrl(host.base, "db"), dir);
    } finally {
      if (saved === undefined) delete process.env.VNDB_TOKEN;
      else process.env.VNDB_TOKEN = saved;
    }
    expect(host.requests.length).toBeGreaterThanOrEqual(4);
    for (const r of host.requests) {
      expect(r.headers.authorization).toBeUndefined();
      expect(r.headers.cookie).toBeUndefined();
      expect(JSON.stringify(r.headers)).not.toContain("abcd-efghi");
    }
    await failure(download(`http://user:secret@127.0.0.1:1/dump/x`, dir), /must not carry credentials/);
  });
});
