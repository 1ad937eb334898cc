// The committed vectors (test/vectors/fixture/) are a copy of ../shared/kana-vectors: when the
// original is beside the repository (as in CI), the copy must be byte-identical to it and its
// README must carry the original README unchanged (the corpus's documentation and attribution).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { missingShared, needsShared } from "../helpers/shared-material.js";
import { loadVectors, SHARED_VECTORS_FILE, VECTORS_FILE } from "../helpers/vectors.js";

const noShared = missingShared("kana-vectors/public.jsonl");
const fixtureReadme = readFileSync(join(dirname(VECTORS_FILE), "README.md"), "utf8");

/** The corpus size its README states: 2058 public vectors. */
const PUBLIC_VECTORS = 2058;

describe("the vectors fixture", () => {
  it(`holds the ${PUBLIC_VECTORS} public vectors, each with a unique id`, () => {
    const vectors = loadVectors();
    expect(vectors).toHaveLength(PUBLIC_VECTORS);
    expect(new Set(vectors.map((v) => v.id)).size).toBe(PUBLIC_VECTORS);
    expect(fixtureReadme).toContain(`\`public.jsonl\`, ${PUBLIC_VECTORS} of 5157 vectors`);
  });

  it.skipIf(noShared)(needsShared("equals ../shared/kana-vectors", noShared), () => {
    expect(readFileSync(VECTORS_FILE).equals(readFileSync(SHARED_VECTORS_FILE)), "refresh test/vectors/fixture/public.jsonl").toBe(true);
    expect(fixtureReadme).toContain(readFileSync(join(dirname(SHARED_VECTORS_FILE), "README.md"), "utf8"));
  });
});
