import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PACKAGE_NAME, PACKAGE_VERSION, userAgent } from "../../src/client/user-agent.js";

describe("userAgent", () => {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { name: string; version: string };

  it("names the package and the version in package.json", () => {
    expect(PACKAGE_NAME).toBe(pkg.name);
    expect(PACKAGE_VERSION).toBe(pkg.version);
    expect(userAgent()).toMatch(new RegExp(`^${pkg.name}/${pkg.version.replace(/\./g, "\\.")} \\(`));
  });

  it("appends an embedding application's name without line breaks", () => {
    const ua = userAgent("my-app/2\r\nX-Evil: 1");
    expect(ua).not.toMatch(/[\r\n]/);
    expect(ua.endsWith("my-app/2 X-Evil: 1")).toBe(true);
  });
});
