// The README's "What it answers" conversations: each quoted tool call is made against what
// --embedded serves (the "catalogue" preset), and every id and number the quoted answer
// gives must be in the tool's answer — the README may not claim what the sample does not say.

import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulated, TOKENS, type Emulated } from "../helpers/emulated-server.js";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const section = readme.slice(readme.indexOf("## What it answers"), readme.indexOf("\n## ", readme.indexOf("## What it answers") + 5));

interface Conversation {
  tool: string;
  args: Record<string, unknown>;
  answer: string;
}

const conversations: Conversation[] = [...section.matchAll(/> `(vndb_\w+) (\{.*?\})` →\n((?:> .*\n?)+)/g)].map((m) => ({
  tool: m[1]!,
  args: JSON.parse(m[2]!) as Record<string, unknown>,
  answer: m[3]!.replace(/^> /gm, "").replace(/\n/g, " "),
}));

let server: Emulated;
beforeAll(async () => {
  server = await startEmulated({ preset: "catalogue", config: { token: TOKENS.u2Writer } });
});
afterAll(async () => server.close());

describe("README conversations", () => {
  it("are three, each with a tool call and an answer", () => {
    expect(conversations).toHaveLength(3);
  });

  it("each answer's ids, numbers and names come from the tool's answer", async () => {
    for (const c of conversations) {
      const r = await server.call(c.tool, c.args);
      expect(r.isError, r.text).toBe(false);
      for (const id of c.answer.match(/\b[vrpcs]\d+\b/g) ?? []) expect(r.text, `${c.tool}: ${id}`).toMatch(new RegExp(`\\b${id}\\b`));
      for (const n of c.answer.match(/\b\d+\.\d\b/g) ?? []) expect(r.text, `${c.tool}: ${n}`).toContain(n);
      // Two capitalised words: a person's or a title's name.
      for (const name of c.answer.match(/\b[A-Z][a-z]+ [A-Z][a-z]+\b/g) ?? []) expect(r.text, `${c.tool}: ${name}`).toContain(name);
    }
  });
});
