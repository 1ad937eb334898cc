// similar.json from the votes dump: cosine over binary "liked" (vote >= 8) vectors with a
// minimum co-count (src/mirror/derive/similar.ts). Expected values worked out by hand.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { MirrorInputError } from "../../../src/mirror/errors.js";
import { MIN_CO_COUNT, SIMILAR_FILE } from "../../../src/mirror/derive/similar.js";
import { cleanup, run } from "./harness.js";

afterAll(cleanup);

// vid uid vote date (util/dbdump.pl export_votes: numbers without prefixes, vote 10..100).
const VOTES = [
  "1 1 80 2020-01-01",
  "1 2 80 2020-01-01",
  "1 3 90 2020-01-01",
  "1 4 100 2020-01-01",
  "2 1 90 2020-01-01",
  "2 2 85 2020-01-01",
  "2 3 80 2020-01-01",
  "2 5 80 2020-01-01",
  "3 1 100 2020-01-01",
  "3 2 70 2020-01-01", // 7: not liked
  "3 3 80 2020-01-01",
  "3 4 80 2020-01-01",
  "4 5 50 2020-01-01",
];

function votesFile(lines: string[], gz: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), "derive-votes-"));
  const file = join(dir, gz ? "vndb-votes-2026-11-27.gz" : "votes.txt");
  const text = lines.join("\n") + "\n";
  writeFileSync(file, gz ? gzipSync(text) : text);
  return file;
}

describe("similar.json", () => {
  it("cosine over liked votes, pairs below the minimum co-count left out", async () => {
    expect(MIN_CO_COUNT).toBe(3);
    const { dir, result } = await run({}, { extras: { votesFile: votesFile(VOTES, true) } });
    const out = JSON.parse(readFileSync(join(dir, SIMILAR_FILE), "utf8")) as { votes: number; rule: string; vns: Record<string, { vn: string; count: number; score: number }[]> };
    expect(out.votes).toBe(VOTES.length);
    expect(out.rule).toMatch(/cosine/);
    // likers: v1 {u1,u2,u3,u4}, v2 {u1,u2,u3,u5}, v3 {u1,u3,u4}
    // co(v1,v3) = 3 → 3/sqrt(4·3) = 0.8660; co(v1,v2) = 3 → 3/sqrt(4·4) = 0.75; co(v2,v3) = 2 < 3: left out.
    expect(out.vns).toEqual({
      v1: [
        { vn: "v3", count: 3, score: 0.866 },
        { vn: "v2", count: 3, score: 0.75 },
      ],
      v2: [{ vn: "v1", count: 3, score: 0.75 }],
      v3: [{ vn: "v1", count: 3, score: 0.866 }],
    });
    expect(result.counts.similar).toBe(3);
  });

  it("reads a plain (not gzipped) file too", async () => {
    const { dir } = await run({}, { extras: { votesFile: votesFile(VOTES, false) } });
    expect(Object.keys((JSON.parse(readFileSync(join(dir, SIMILAR_FILE), "utf8")) as { vns: object }).vns)).toEqual(["v1", "v2", "v3"]);
  });

  it("a line that is not `vid uid vote date` is a clear input error", async () => {
    await expect(run({}, { extras: { votesFile: votesFile(["1 1 80 2020-01-01", "<html>"], false) } })).rejects.toThrow(MirrorInputError);
    await expect(run({}, { extras: { votesFile: votesFile(["1 1 80 2020-01-01", "<html>"], false) } })).rejects.toThrow(/:2: not a "vid uid vote date" line/);
  });
});
