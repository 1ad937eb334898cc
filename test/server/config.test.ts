import { describe, expect, it } from "vitest";
import { DEFAULT_API_URL, DEFAULT_MAX_RESPONSE_TOKENS, isUnset, loadConfig, writesEnabled } from "../../src/server/config.js";

// A syntactically valid token (reference §2.3: uid 2 with zero random bytes).
const TOKEN = "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy";

function run(argv: string[], env: Record<string, string>) {
  const r = loadConfig(argv, env);
  if (r.kind !== "run") throw new Error(`expected a config, got ${JSON.stringify(r)}`);
  return r.config;
}

describe("loadConfig", () => {
  it("has safe defaults", () => {
    const c = run([], {});
    expect(c).toMatchObject({
      token: undefined,
      readOnly: false,
      spoilerLevel: 0,
      maxResponseTokens: DEFAULT_MAX_RESPONSE_TOKENS,
      apiUrl: DEFAULT_API_URL,
      embedded: false,
    });
    expect(writesEnabled(c)).toBe(false);
  });

  it.each([
    [[], { VNDB_TOKEN: TOKEN }, { token: TOKEN }, true],
    [[], { VNDB_TOKEN: TOKEN, VNDB_READ_ONLY: "1" }, { readOnly: true }, false],
    [["--read-only"], { VNDB_TOKEN: TOKEN }, { readOnly: true }, false],
    [[], { VNDB_TOKEN: TOKEN, VNDB_READ_ONLY: "false" }, { readOnly: false }, true],
    [["--spoiler-level", "2"], {}, { spoilerLevel: 2 }, false],
    [["--spoiler-level=1"], { VNDB_SPOILER_LEVEL: "2" }, { spoilerLevel: 1 }, false],
    [[], { VNDB_MAX_RESPONSE_TOKENS: "2000" }, { maxResponseTokens: 2000 }, false],
    [["--embedded"], {}, { embedded: true }, false],
    [[], { VNDB_API_URL: "http://127.0.0.1:9/kana/" }, { apiUrl: "http://127.0.0.1:9/kana" }, false],
    [["--log-level", "debug"], {}, { logLevel: "debug" }, false],
    // Claude Desktop passes unfilled optional settings literally; they mean "unset".
    [[], { VNDB_TOKEN: "${user_config.vndb_token}", VNDB_SPOILER_LEVEL: "${user_config.spoiler_level}" }, { token: undefined, spoilerLevel: 0 }, false],
    [[], { VNDB_TOKEN: "  ", VNDB_READ_ONLY: "" }, { token: undefined, readOnly: false }, false],
  ] as const)("argv %j env %j → %j (writes %s)", (argv, env, expected, writes) => {
    const c = run([...argv], { ...env });
    expect(c).toMatchObject(expected);
    expect(writesEnabled(c)).toBe(writes);
  });

  it.each([
    [["--spoiler-level", "3"], {}, /spoiler-level must be an integer from 0 to 2/],
    [[], { VNDB_SPOILER_LEVEL: "x" }, /VNDB_SPOILER_LEVEL/],
    [[], { VNDB_READ_ONLY: "maybe" }, /VNDB_READ_ONLY/],
    [[], { VNDB_MAX_RESPONSE_TOKENS: "10" }, /max-response-tokens must be an integer from 500/],
    [[], { VNDB_API_URL: "ftp://x" }, /http\(s\) URL/],
    [[], { VNDB_LOG_LEVEL: "loud" }, /VNDB_LOG_LEVEL/],
    [["--frobnicate"], {}, /unknown option "--frobnicate"/],
    [["--spoiler-level"], {}, /needs a value/],
    [["--token", TOKEN], {}, /VNDB_TOKEN instead/],
    [[], { VNDB_TOKEN: "not-a-token" }, /does not look like a VNDB API token/],
    [[], { VNDB_TOKEN: TOKEN.toUpperCase() }, /does not look like a VNDB API token/],
  ] as const)("rejects argv %j env %j", (argv, env, message) => {
    const r = loadConfig([...argv], { ...env });
    expect(r.kind).toBe("error");
    if (r.kind === "error") expect(r.message).toMatch(message);
  });

  it("never echoes a bad token in its error", () => {
    const canary = "canary-token-value-1234567";
    const r = loadConfig([], { VNDB_TOKEN: canary });
    expect(r.kind).toBe("error");
    expect(JSON.stringify(r)).not.toContain(canary);
  });

  it.each([["-h"], ["--help"]])("%s asks for help", (flag) => expect(loadConfig([flag], {}).kind).toBe("help"));
  it.each([["-v"], ["--version"]])("%s asks for the version", (flag) => expect(loadConfig([flag], {}).kind).toBe("version"));

  it.each([
    [undefined, true],
    ["", true],
    ["${user_config.x}", true],
    ["value", false],
    ["0", false],
  ])("isUnset(%j) = %s", (v, unset) => expect(isUnset(v)).toBe(unset));
});
