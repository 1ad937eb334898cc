import { afterEach, describe, expect, it } from "vitest";
import { clearSecrets, createLogger, redact, registerSecret, REDACTED } from "../../src/server/log.js";

const CANARY = "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy";

afterEach(() => clearSecrets());

describe("logger", () => {
  it("writes level-filtered lines and redacts registered secrets in messages and data", () => {
    registerSecret(CANARY);
    const lines: string[] = [];
    const log = createLogger({ level: "info", write: (l) => lines.push(l) });
    log.debug("hidden");
    log.info(`token is ${CANARY}`);
    log.warn("in data", { header: `Token ${CANARY}`, bare: CANARY.replace(/-/g, "") });
    log.error("boom", new Error(`failed with ${CANARY}`));
    expect(lines).toHaveLength(3);
    const all = lines.join("");
    expect(all).not.toContain(CANARY);
    expect(all).not.toContain(CANARY.replace(/-/g, ""));
    expect(all.split(REDACTED).length - 1).toBe(4);
    expect(lines[0]).toMatch(/^vndb-mcp-server \[info\] token is \[redacted\]\n$/);
  });

  it("redact leaves text alone when nothing is registered, and ignores tiny secrets", () => {
    expect(redact("a b c")).toBe("a b c");
    registerSecret("ab");
    expect(redact("ab cab")).toBe("ab cab");
  });
});
