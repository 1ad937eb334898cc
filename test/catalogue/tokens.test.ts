// The catalogue's test tokens are valid (reference §2.3) and embed their users' ids.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadCatalogue } from "../../src/emulator/catalogue/load.js";
import { encodeToken, parseAuthorization } from "../../src/kana/token.js";

const cat = loadCatalogue();

describe("catalogue tokens", () => {
  it.each(cat.tokens.map((t) => [t.token, t.uid] as const))("%s decodes to %s", (token, uid) => {
    expect(token.replace(/-/g, "")).toHaveLength(32);
    const parsed = parseAuthorization(`Token ${token}`);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.value?.userId).toBe(uid);
  });

  it("belong to existing accounts that have a username", () => {
    for (const t of cat.tokens) {
      const user = cat.users.find((u) => u.id === t.uid);
      expect(user?.username, t.uid).toBeTruthy();
    }
  });

  it("are unique once dashes are removed", () => {
    const keys = cat.tokens.map((t) => t.token.replace(/-/g, ""));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("give at least two users each of read+write, read only and no permission", () => {
    const kinds = (uid: string) =>
      new Set(cat.tokens.filter((t) => t.uid === uid).map((t) => `${t.listread}/${t.listwrite}`));
    const complete = cat.users.filter((u) => {
      const k = kinds(u.id);
      return k.has("true/true") && k.has("true/false") && k.has("false/false");
    });
    expect(complete.length).toBeGreaterThanOrEqual(2);
  });

  it("include the API docs' /authinfo example token, which embeds u3 (reference §2.3)", () => {
    const doc = cat.tokens.find((t) => t.token === "cdhy-bqy1q-6zobu-8w9k-xobxh-wzz4o-84fn");
    expect(doc?.uid).toBe("u3");
    expect(doc?.listread).toBe(true);
  });

  it("made for the catalogue are encodeToken(uid, sha256 seed), as manual.ts says", () => {
    const vectorTokens = new Set([
      "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy",
      "nreo-yretn-reoyr-etnr-eoyre-tnreo-gret",
      "rety-yetnr-etyye-tnre-tyyet-nrety-eetn",
      "cdhy-bqy1q-6zobu-8w9k-xobxh-wzz4o-84fn",
    ]);
    const made = cat.tokens.filter((t) => !vectorTokens.has(t.token));
    expect(made.length).toBeGreaterThan(0);
    for (const t of made) {
      const perms = t.listread && t.listwrite ? "listread+listwrite" : t.listread ? "listread" : "none";
      const seed = createHash("sha256").update(`vndb-mcp catalogue token ${t.uid} ${perms}`).digest();
      expect(t.token).toBe(encodeToken(Number(t.uid.slice(1)), seed.subarray(0, 16)));
    }
  });
});
