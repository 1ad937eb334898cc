import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { NEIGHBOURS_FILE, readNeighbours } from "../../src/local/vote-neighbours.js";

describe("readNeighbours", () => {
  it("reads a build's neighbours by VN id, with how they were computed", () => {
    const dir = mkdtempSync(join(tmpdir(), "neighbours-"));
    // As mirror/derive/similar.ts writes it (ids with their prefix); a bare number reads as a VN number.
    writeFileSync(join(dir, NEIGHBOURS_FILE), JSON.stringify({ format: 1, rule: "cosine", votes: 12, vns: { v17: [{ vn: "v4", count: 5, score: 0.5 }, { vn: 11, count: 3, score: 0.2 }] } }));
    const table = readNeighbours(dir)!;
    expect(table.rule).toBe("cosine");
    expect(table.votes).toBe(12);
    expect(table.of("v17")).toEqual([{ id: "v4", together: 5, score: 0.5 }, { id: "v11", together: 3, score: 0.2 }]);
    expect(table.of("v4")).toEqual([]);
    // A VN id that is also a name of Object.prototype is no entry.
    expect(table.of("constructor")).toEqual([]);
  });

  it("is null for a folder without neighbours, and refuses a file of another format", () => {
    const dir = mkdtempSync(join(tmpdir(), "neighbours-"));
    expect(readNeighbours(dir)).toBeNull();
    writeFileSync(join(dir, NEIGHBOURS_FILE), JSON.stringify({ format: 2, vns: {} }));
    expect(() => readNeighbours(dir)).toThrow(/not a neighbours file this server reads \(format 2\)/);
  });
});
