import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  canonicalizeSnapshot,
  checkGenerated,
  GENERATED_PATH,
  readSnapshot,
  renderGenerated,
  SNAPSHOT_PATH,
} from "../../scripts/generate.js";
import { fetchSchemaSnapshot } from "../../scripts/fetch-schema.js";

/** A deterministic pseudo-random generator, so a failing shuffle can be reproduced. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * Permutes every object's keys and every extlinks array (whose order the live service does
 * not fix). Enum arrays keep their order: it is VNDB's definition order and part of the data.
 */
function permute(value: unknown, random: () => number, path: string[] = []): unknown {
  if (Array.isArray(value)) {
    const items = value.map((v) => permute(v, random, [...path, "[]"]));
    return path[0] === "extlinks" && path.length === 2 ? shuffled(items, random) : items;
  }
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    for (const key of shuffled(Object.keys(value), random)) {
      out[key] = permute((value as Record<string, unknown>)[key], random, [...path, key]);
    }
    return out;
  }
  return value;
}

describe("scripts/generate.ts", () => {
  const snapshot = readSnapshot();
  const committed = readFileSync(GENERATED_PATH, "utf8");

  it("reproduces the committed generated.ts from the committed snapshot", () => {
    expect(renderGenerated(snapshot)).toBe(committed);
  });

  it.each([1, 2, 3, 42])("gives byte-identical output for a shuffled snapshot (seed %i)", (seed) => {
    const mixed = permute(snapshot, rng(seed));
    expect(JSON.stringify(mixed)).not.toBe(JSON.stringify(snapshot));
    expect(renderGenerated(mixed)).toBe(committed);
  });

  it("names its input and the input's digest, not a time", () => {
    const header = committed.split("\n").slice(0, 3).join("\n");
    expect(header).toContain("DO NOT EDIT");
    expect(header).toContain("src/schema/snapshot.json");
    expect(header).toMatch(/sha256 [0-9a-f]{64}/);
    expect(header).not.toMatch(/20\d\d-\d\d-\d\d/);
  });

  it("changes the digest when the content changes", () => {
    const changed = structuredClone(snapshot) as { enums: { language: { label: string }[] } };
    changed.enums.language[0].label = "Arabic!";
    const a = renderGenerated(snapshot).split("\n")[1];
    const b = renderGenerated(changed).split("\n")[1];
    expect(b).not.toBe(a);
  });

  it("--check passes on an untouched copy and detects a hand edit", () => {
    const dir = mkdtempSync(join(tmpdir(), "vndb-gen-"));
    const snap = join(dir, "snapshot.json");
    const gen = join(dir, "generated.ts");
    copyFileSync(SNAPSHOT_PATH, snap);
    copyFileSync(GENERATED_PATH, gen);
    expect(checkGenerated(snap, gen)).toBeNull();

    writeFileSync(gen, committed.replace('label: "English"', 'label: "Englisch"'));
    const problem = checkGenerated(snap, gen);
    expect(problem).toMatch(/out of date/);
    expect(problem).toMatch(/npm run gen/);
  });

  it("the CLI's --check exits 1 with a clear message on a hand-edited copy, 0 on a clean one", () => {
    const dir = mkdtempSync(join(tmpdir(), "vndb-gen-"));
    const gen = join(dir, "generated.ts");
    copyFileSync(GENERATED_PATH, gen);
    const cli = (): ReturnType<typeof spawnSync> =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/generate.ts", "--check", "--out", gen], {
        encoding: "utf8",
      });
    expect(cli().status).toBe(0);
    writeFileSync(gen, committed.replace("export const LANGUAGE = [", "export const LANGUAGE = [\n  // edited"));
    const edited = cli();
    expect(edited.status).toBe(1);
    expect(edited.stderr).toMatch(/out of date.*do not edit it by hand/s);
  });

  it("--check also detects a snapshot change that was not regenerated", () => {
    const dir = mkdtempSync(join(tmpdir(), "vndb-gen-"));
    const snap = join(dir, "snapshot.json");
    const gen = join(dir, "generated.ts");
    const changed = structuredClone(snapshot) as { enums: { platform: { id: string; label: string }[] } };
    changed.enums.platform.push({ id: "zzz", label: "Imaginary" });
    writeFileSync(snap, JSON.stringify(changed));
    copyFileSync(GENERATED_PATH, gen);
    expect(checkGenerated(snap, gen)).toMatch(/out of date/);
  });

  it("rejects a snapshot without the /schema shape", () => {
    expect(() => renderGenerated({ api_fields: {}, enums: { language: "x" }, extlinks: {} })).toThrow(/language/);
    expect(() => renderGenerated([])).toThrow();
  });
});

describe("scripts/fetch-schema.ts", () => {
  it("fetches from a loopback server and writes the canonical snapshot text", async () => {
    const mixed = JSON.stringify(permute(readSnapshot(), rng(7)));
    const server = createServer((req, res) => {
      if (req.url !== "/kana/schema") {
        res.writeHead(404).end("Not found.\n");
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end(mixed);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const text = await fetchSchemaSnapshot(`http://127.0.0.1:${port}/kana/schema`);
      expect(text).toBe(readFileSync(SNAPSHOT_PATH, "utf8"));
      await expect(fetchSchemaSnapshot(`http://127.0.0.1:${port}/nope`)).rejects.toThrow(/404/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("canonical form sorts extlinks by name and keeps enum order", () => {
    const c = canonicalizeSnapshot(permute(readSnapshot(), rng(9))) as {
      extlinks: Record<string, { name: string }[]>;
      enums: { language: { id: string }[] };
    };
    for (const list of Object.values(c.extlinks)) {
      const names = list.map((e) => e.name);
      expect(names).toEqual([...names].sort());
    }
    expect(c.enums.language.slice(0, 3).map((l) => l.id)).toEqual(["ar", "eu", "be"]);
  });
});
