// --mirror, --mirror-refresh and --mirror-max-age (and their environment variables) as
// loadConfig reads them: durations in the words the help text offers, and the combinations
// that make no sense refused with a message naming the settings.

import { describe, expect, it } from "vitest";
import { loadConfig, parseEvery } from "../../src/server/config.js";

const HOUR = 3_600_000;

function run(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const r = loadConfig(argv, env);
  if (r.kind !== "run") throw new Error(`expected a configuration, got ${JSON.stringify(r)}`);
  return r.config;
}

describe("mirror settings", () => {
  it.each([
    ["off", null],
    ["daily", 24 * HOUR],
    ["12h", 12 * HOUR],
    ["30m", 30 * 60_000],
    ["3d", 72 * HOUR],
    [" 2D ", 48 * HOUR],
    ["0h", undefined],
    ["soon", undefined],
    ["1.5h", undefined],
  ])("reads the duration %j as %j", (text, ms) => {
    expect(parseEvery(text)).toBe(ms);
  });

  it("takes the folder, refresh and age from flags, and flags win over the environment", () => {
    const c = run(["--mirror", "/srv/mirror", "--mirror-refresh", "6h", "--mirror-max-age=2d"], { VNDB_MIRROR: "/elsewhere", VNDB_MIRROR_REFRESH: "off" });
    expect(c).toMatchObject({ mirror: "/srv/mirror", mirrorRefreshMs: 6 * HOUR, mirrorMaxAgeMs: 48 * HOUR, embedded: false });
  });

  it("takes them from the environment", () => {
    const c = run([], { VNDB_MIRROR: "/srv/mirror", VNDB_MIRROR_REFRESH: "off" });
    expect(c.mirror).toBe("/srv/mirror");
    expect(c.mirrorRefreshMs).toBeNull();
    expect(c.mirrorMaxAgeMs).toBeUndefined();
  });

  it("leaves the refresh to the transport's default when unset", () => {
    expect("mirrorRefreshMs" in run(["--mirror", "/m"])).toBe(false);
  });

  it.each([
    [["--mirror", "/m", "--embedded"], /exclude each other/],
    [["--mirror-refresh", "daily"], /need --mirror/],
    [["--mirror", "/m", "--mirror-refresh", "sometimes"], /--mirror-refresh must be off, daily or a duration/],
    [["--mirror", "/m", "--mirror-max-age", "off"], /--mirror-max-age must be a duration/],
    [["--mirror"], /--mirror needs a value/],
  ])("refuses %j", (argv, message) => {
    const r = loadConfig(argv, {});
    expect(r.kind).toBe("error");
    expect(r.kind === "error" && r.message).toMatch(message);
  });
});
