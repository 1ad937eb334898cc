// buildMirror with a small stand-in deriver (the real one, derive/index.ts, has its own tests
// and is exercised through the CLI tests): layout, atomic switch, keep previous, remove older,
// and every failure leaving `current` untouched with no temporary build behind.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type DeriverFactory, buildMirror } from "../../../src/mirror/build.js";
import { MirrorInputError } from "../../../src/mirror/errors.js";
import { acquireLock } from "../../../src/mirror/layout.js";
import { writeDump } from "../../helpers/dump-writer.js";

const base = mkdtempSync(join(tmpdir(), "mirror-build-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));
let k = 0;
const fresh = () => join(base, `m${k++}`);

function standIn(opts: { failFinish?: Error; onRow?: (n: number) => void; needColumn?: string } = {}): DeriverFactory & { seen: { today?: number } } {
  const seen: { today?: number } = {};
  const factory = ((o: { today: number; dataDate: string }) => {
    seen.today = o.today;
    const rows: (string | null)[][] = [];
    return {
      tables: new Set(["vn"]),
      table(name: string, columns: readonly string[]) {
        if (opts.needColumn && !columns.includes(opts.needColumn)) throw new MirrorInputError(`db/${name}.header: no column ${opts.needColumn}`);
        return { row: (v: readonly (string | null)[]) => { rows.push([...v]); opts.onRow?.(rows.length); } };
      },
      async finish(outDir: string) {
        if (opts.failFinish) throw opts.failFinish;
        writeFileSync(join(outDir, "vn.json"), JSON.stringify(rows));
        return { counts: { vn: rows.length } };
      },
    };
  }) as unknown as DeriverFactory & { seen: typeof seen };
  factory.seen = seen;
  return factory;
}

async function dump(name: string, date: string, n = 3, opts: Parameters<typeof writeDump>[2] = {}): Promise<string> {
  const file = join(base, name);
  const vn = { columns: ["id", "olang"], rows: Array.from({ length: n }, (_, i) => [`v${i + 1}`, "ja"]) };
  await writeDump(file, { vn, vn_titles: { columns: ["id", "lang"], rows: [["v1", "ja"]] } }, { timestamp: `${date} 08:00:12+00`, ...opts });
  return file;
}

const times = ["2026-11-27T09:00:00Z", "2026-11-28T09:00:00Z", "2026-11-29T09:00:00Z", "2026-11-30T09:00:00Z"].map((t) => new Date(t));

function snapshot(root: string): { current: string; builds: string[] } {
  return { current: readlinkSync(join(root, "current")), builds: readdirSync(join(root, "builds")).sort() };
}

async function failure(p: Promise<unknown>, pattern: RegExp): Promise<void> {
  const e = await p.then(() => undefined, (x: unknown) => x);
  expect(e).toBeInstanceOf(MirrorInputError);
  expect((e as Error).message).toMatch(pattern);
}

describe("buildMirror", () => {
  it("builds, switches current, keeps the previous build and removes older ones", async () => {
    const root = fresh();
    const deriver = standIn();
    const d1 = await dump("a.tar.zst", "2026-11-26", 3);
    const r1 = await buildMirror({ root, dump: d1, createDeriver: deriver, attribution: "ODbL", now: () => times[0]! });
    expect(r1.name).toBe("2026-11-26-20261127T090000");
    expect(deriver.seen.today).toBe(20261126);
    expect(readlinkSync(join(root, "current"))).toBe("builds/2026-11-26-20261127T090000");
    const manifest = JSON.parse(readFileSync(join(root, "current", "mirror.json"), "utf8"));
    expect(manifest).toMatchObject({ format: 1, dataDate: "2026-11-26", dumpTimestamp: "2026-11-26 08:00:12+00", sources: { db: "a.tar.zst" }, counts: { vn: 3 }, attribution: "ODbL" });
    expect(manifest.bytes).toBe(readFileSync(join(root, "current", "vn.json")).length);
    expect(JSON.parse(readFileSync(join(root, "current", "vn.json"), "utf8"))).toEqual([["v1", "ja"], ["v2", "ja"], ["v3", "ja"]]);
    expect(existsSync(join(root, ".lock"))).toBe(false);

    const d2 = await dump("b.tar.zst", "2026-11-27", 4);
    const r2 = await buildMirror({ root, dump: d2, createDeriver: standIn(), attribution: "ODbL", now: () => times[1]! });
    expect(r2.previous).toBe(r1.name);
    expect(snapshot(root)).toEqual({ current: `builds/${r2.name}`, builds: [r1.name, r2.name] });

    const r3 = await buildMirror({ root, dump: d2, createDeriver: standIn(), attribution: "ODbL", now: () => times[2]! });
    expect(r3.removed).toEqual([r1.name]);
    expect(snapshot(root)).toEqual({ current: `builds/${r3.name}`, builds: [r2.name, r3.name] });
  });

  describe("on failure leaves current untouched and no temporary build", () => {
    const cases: [string, (root: string) => Promise<unknown>, RegExp][] = [
      ["a truncated archive", async (root) => {
        const d = await dump("t.tar.zst", "2026-11-28", 20000);
        const bytes = readFileSync(d);
        writeFileSync(d, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
        return buildMirror({ root, dump: d, createDeriver: standIn(), attribution: "x", now: () => times[3]! });
      }, /truncated/],
      ["a missing table", async (root) => {
        const d = await dump("m.tar.zst", "2026-11-28", 3, { omit: ["db/vn"] });
        return buildMirror({ root, dump: d, createDeriver: standIn(), attribution: "x", now: () => times[3]! });
      }, /db\/vn missing from the dump/],
      ["a missing column", async (root) => {
        const d = await dump("c.tar.zst", "2026-11-28");
        return buildMirror({ root, dump: d, createDeriver: standIn({ needColumn: "length" }), attribution: "x", now: () => times[3]! });
      }, /no column length/],
      ["a full disk while writing", async (root) => {
        const d = await dump("f.tar.zst", "2026-11-28");
        const enospc = Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
        return buildMirror({ root, dump: d, createDeriver: standIn({ failFinish: enospc }), attribution: "x", now: () => times[3]! });
      }, /the disk is full/],
      ["too little free disk to start", async (root) => {
        const d = await dump("s.tar.zst", "2026-11-28");
        return buildMirror({ root, dump: d, createDeriver: standIn(), attribution: "x", minFreeBytes: Number.MAX_SAFE_INTEGER, now: () => times[3]! });
      }, /not enough free disk/],
      ["an interrupt", async (root) => {
        const d = await dump("i.tar.zst", "2026-11-28", 5000);
        const abort = new AbortController();
        return buildMirror({ root, dump: d, createDeriver: standIn({ onRow: (n) => n === 10 && abort.abort() }), attribution: "x", signal: abort.signal, now: () => times[3]! });
      }, /interrupted/],
      ["a file that is not a dump", async (root) => {
        const d = join(base, "page.html");
        writeFileSync(d, "<!doctype html><title>502 Bad Gateway</title>");
        return buildMirror({ root, dump: d, createDeriver: standIn(), attribution: "x", now: () => times[3]! });
      }, /an HTML page/],
    ];
    it.each(cases)("%s", async (_label, run, pattern) => {
      const root = fresh();
      const good = await dump(`good${k}.tar.zst`, "2026-11-27");
      await buildMirror({ root, dump: good, createDeriver: standIn(), attribution: "x", now: () => times[0]! });
      const before = snapshot(root);
      const manifestBefore = readFileSync(join(root, "current", "mirror.json"), "utf8");
      await failure(run(root), pattern);
      expect(snapshot(root)).toEqual(before);
      expect(readFileSync(join(root, "current", "mirror.json"), "utf8")).toBe(manifestBefore);
      expect(existsSync(join(root, ".lock"))).toBe(false);
    });
  });

  it("refuses to run while a live process holds the lock, and takes over a stale one", async () => {
    const root = fresh();
    const d = await dump("l.tar.zst", "2026-11-27");
    const release = acquireLock(root);
    await failure(buildMirror({ root, dump: d, createDeriver: standIn(), attribution: "x" }), new RegExp(`busy: another mirror sync or build \\(pid ${process.pid}`));
    release();
    // A lock whose process is gone (a finished child's pid) is stale.
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    writeFileSync(join(root, ".lock"), JSON.stringify({ pid: Number(gone.stdout), host: hostname(), started: "earlier" }));
    const r = await buildMirror({ root, dump: d, createDeriver: standIn(), attribution: "x" });
    expect(readlinkSync(join(root, "current"))).toBe(`builds/${r.name}`);
    expect(existsSync(join(root, ".lock"))).toBe(false);
  });
});
