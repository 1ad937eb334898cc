// The house rules of DESIGN.md that keep the layout meaningful, checked on the import
// statements of every source file: `kana/` is the pure model of the API (no I/O, no timers,
// no client, no MCP), `emulator/` shares only pure tables with the rest (never the client,
// the server or the tools), and only `client/` speaks HTTP to VNDB.

import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const src = join(root, "src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** Every module a file names in a static or dynamic import or an export-from. */
function importsOf(text: string): string[] {
  const specs: string[] = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])([^"']+)\1/g;
  for (const match of text.matchAll(pattern)) specs.push(match[2]!);
  return specs;
}

/** An import as the rules see it: a package name, or a path relative to src/. */
function target(file: string, spec: string): string {
  if (!spec.startsWith(".")) return spec;
  return relative(src, resolve(dirname(file), spec)).split("\\").join("/");
}

interface Rule {
  room: string;
  forbidden: RegExp;
  why: string;
}

const RULES: Rule[] = [
  {
    room: "kana/",
    forbidden: /^(node:|undici$|http$|https$|net$|fs$|zlib$|@modelcontextprotocol\/)|^(client|server|tools|emulator|cli)\//,
    why: "kana/ is the pure model of the API: no I/O, no MCP, nothing above it",
  },
  {
    room: "emulator/",
    forbidden: /^(client|server|tools|cli|filters|format)\/|^undici$|^@modelcontextprotocol\//,
    why: "the emulator shares only pure tables and codecs with kana/ and schema/",
  },
  {
    room: "mirror/",
    forbidden: /^(client|server|tools|cli|auth|prompts|resources|ui)\/|^emulator\/(?!catalogue\/)|^@modelcontextprotocol\//,
    why: "mirror/ (dump → catalogue) uses only the catalogue's types and loader, kana/ and schema/; never the client, server or tools",
  },
  {
    room: "tools/",
    forbidden: /^(undici$|node:http|node:net|client\/transport)/,
    why: "tools/ knows nothing about HTTP",
  },
  {
    room: "local/",
    forbidden: /^(client|server|tools|cli)\/|^undici$|^node:(http|https|net)$|^@modelcontextprotocol\//,
    why: "local/ answers from data in this process (descriptions, vote neighbours): no network, no MCP, nothing above it",
  },
];

/** Timers and clocks in kana/ would make it stateful; the client owns them. */
const TIMER_USE = /\b(setTimeout|setInterval|setImmediate)\s*\(/;

function violations(rule: Rule, files: Array<{ path: string; text: string }>): string[] {
  const found: string[] = [];
  for (const { path, text } of files) {
    const rel = relative(src, path).split("\\").join("/");
    if (!rel.startsWith(rule.room)) continue;
    for (const spec of importsOf(text)) {
      if (rule.forbidden.test(target(path, spec))) found.push(`${rel} imports ${spec}`);
    }
  }
  return found;
}

const files = sourceFiles(src).map((path) => ({ path, text: readFileSync(path, "utf8") }));

describe("house rules (DESIGN.md)", () => {
  it("finds the source tree", () => {
    expect(files.filter((f) => f.path.includes(`${join("src", "kana")}`)).length).toBeGreaterThan(10);
    expect(files.filter((f) => f.path.includes(`${join("src", "emulator")}`)).length).toBeGreaterThan(10);
  });

  for (const rule of RULES) {
    it(`${rule.room}: ${rule.why}`, () => {
      expect(violations(rule, files)).toEqual([]);
    });
  }

  it("kana/ starts no timers", () => {
    const timed = files.filter((f) => f.path.includes(join("src", "kana")) && TIMER_USE.test(f.text)).map((f) => relative(src, f.path));
    expect(timed).toEqual([]);
  });

  it("the MCP SDK is imported only by server/, auth/ and the definers in tools/, prompts/, resources/", () => {
    const allowed = /^(server\/|auth\/|tools\/define-tool\.ts$|prompts\/|resources\/)/;
    const offenders = files
      .filter((f) => importsOf(f.text).some((s) => s.startsWith("@modelcontextprotocol/")))
      .map((f) => relative(src, f.path).split("\\").join("/"))
      .filter((rel) => !allowed.test(rel));
    expect(offenders).toEqual([]);
  });

  it("the rules catch a violating import (the checker itself can fail)", () => {
    const fake = [
      { path: join(src, "kana", "bad.ts"), text: 'import { request } from "undici";\nimport { KanaClient } from "../client/kana-client.js";' },
      { path: join(src, "emulator", "engine", "bad.ts"), text: 'const m = await import("../../tools/index.js");' },
    ];
    expect(violations(RULES[0]!, fake)).toEqual(["kana/bad.ts imports undici", "kana/bad.ts imports ../client/kana-client.js"]);
    expect(violations(RULES[1]!, fake)).toEqual(["emulator/engine/bad.ts imports ../../tools/index.js"]);
    const mirror = RULES.find((r) => r.room === "mirror/")!;
    const fakeMirror = [
      { path: join(src, "mirror", "fetch.ts"), text: 'import { KanaClient } from "../client/kana-client.js";\nimport { x } from "../emulator/engine/query.js";\nimport { y } from "../emulator/catalogue/types.js";\nimport { z } from "../kana/index.js";' },
      { path: join(src, "mirror", "derive", "bad.ts"), text: 'import { TOOLS } from "../../tools/index.js";\nimport { log } from "../../server/log.js";' },
    ];
    expect(violations(mirror, fakeMirror)).toEqual([
      "mirror/fetch.ts imports ../client/kana-client.js",
      "mirror/fetch.ts imports ../emulator/engine/query.js",
      "mirror/derive/bad.ts imports ../../tools/index.js",
      "mirror/derive/bad.ts imports ../../server/log.js",
    ]);
  });
});
