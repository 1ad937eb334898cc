// syncMirror with a stand-in deriver: all four dumps downloaded and handed to the build, the
// manifest names their URLs, a second sync is "up to date", the next day's dump builds anew
// and only the files in use stay in downloads/.
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import type { BuildExtras, DeriverFactory } from "../../../src/mirror/build.js";
import { syncMirror } from "../../../src/mirror/sync.js";
import { writeDump } from "../../helpers/dump-writer.js";
import { type HostFile, startDumpHost } from "./dump-host.js";

const work = mkdtempSync(join(tmpdir(), "mirror-sync-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function dumpBytes(date: string): Promise<Buffer> {
  const f = join(work, `${date}.tar.zst`);
  await writeDump(f, { vn: { columns: ["id"], rows: [["v1"], ["v2"]] } }, { timestamp: `${date} 08:00:03+00` });
  return readFileSync(f);
}

describe("syncMirror", () => {
  it("downloads the db dump and the three extras, builds, and stays up to date until the next dump", async () => {
    const seen: BuildExtras[] = [];
    const deriver: DeriverFactory = () => ({
      tables: new Set(["vn"]),
      table: () => ({ row() {} }),
      async finish(_out, extras) {
        seen.push(extras);
        return { counts: { vn: 2 } };
      },
    });
    const day = (d: string): Record<string, HostFile> => ({
      "vndb-db-latest.tar.zst": { name: `vndb-db-${d}.tar.zst`, body: Buffer.alloc(0) },
      "vndb-tags-latest.json.gz": { name: `vndb-tags-${d}.json.gz`, body: gzipSync(`[{"id":1,"day":"${d}"}]`) },
      "vndb-traits-latest.json.gz": { name: `vndb-traits-${d}.json.gz`, body: gzipSync("[]") },
      "vndb-votes-latest.gz": { name: `vndb-votes-${d}.gz`, body: gzipSync("1 2 10 2026-01-01\n") },
    });
    const files = day("2026-11-27");
    files["vndb-db-latest.tar.zst"]!.body = await dumpBytes("2026-11-27");
    const host = await startDumpHost(files);
    try {
      const root = join(work, "m");
      const options = { root, base: host.base, extras: { tags: true, traits: true, votes: true }, createDeriver: deriver, attribution: "ODbL" };
      const first = await syncMirror(options);
      expect(first.upToDate).toBe(false);
      expect(seen).toHaveLength(1);
      expect(seen[0]).toEqual({
        tagsJson: join(root, "downloads", "vndb-tags-2026-11-27.json.gz"),
        traitsJson: join(root, "downloads", "vndb-traits-2026-11-27.json.gz"),
        votesFile: join(root, "downloads", "vndb-votes-2026-11-27.gz"),
      });
      expect(readFileSync(seen[0]!.tagsJson!).equals(files["vndb-tags-latest.json.gz"]!.body)).toBe(true);
      const manifest = JSON.parse(readFileSync(join(root, "current", "mirror.json"), "utf8"));
      expect(manifest.sources).toEqual({
        db: `${host.base}vndb-db-2026-11-27.tar.zst`,
        tags: `${host.base}vndb-tags-2026-11-27.json.gz`,
        traits: `${host.base}vndb-traits-2026-11-27.json.gz`,
        votes: `${host.base}vndb-votes-2026-11-27.gz`,
      });

      const second = await syncMirror(options);
      expect(second.upToDate).toBe(true);
      expect(seen).toHaveLength(1);

      // The next day's dumps: a new build, the previous one kept, yesterday's downloads gone.
      const next = day("2026-11-28");
      next["vndb-db-latest.tar.zst"]!.body = await dumpBytes("2026-11-28");
      for (const [k, v] of Object.entries(next)) host.files.set(k, v);
      const third = await syncMirror(options);
      expect(third.upToDate).toBe(false);
      if (!third.upToDate) expect(third.previous).toBe(readdirSync(join(root, "builds")).find((b) => b.startsWith("2026-11-27")));
      expect(readlinkSync(join(root, "current"))).toMatch(/^builds\/2026-11-28-/);
      expect(readdirSync(join(root, "downloads")).filter((f) => !f.endsWith(".json")).sort()).toEqual([
        "vndb-db-2026-11-28.tar.zst",
        "vndb-tags-2026-11-28.json.gz",
        "vndb-traits-2026-11-28.json.gz",
        "vndb-votes-2026-11-28.gz",
      ]);
    } finally {
      await host.close();
    }
  });
});
