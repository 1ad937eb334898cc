// --state FILE: list writes survive a restart; the file is replaced atomically and refuses
// to load into another preset.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getRlist, getUlist } from "../../../src/emulator/database.js";
import { startEmulator } from "../../../src/emulator/index.js";
import { call, startFixture, TOKENS } from "../http/fixture.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "emulator-state-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("state file", () => {
  it("keeps list writes across a restart", async () => {
    const file = join(dir, "state.json");
    const first = await startFixture({ stateFile: file });
    await call(first, "PATCH", "/ulist/v11", { token: TOKENS.u2rw, json: { vote: 85, notes: "kept" } });
    await call(first, "PATCH", "/rlist/r3", { token: TOKENS.u2rw, json: { status: 2 } });
    await call(first, "DELETE", "/ulist/v1", { token: TOKENS.u2rw });
    await first.close();
    expect(existsSync(file)).toBe(true);
    expect(readdirSync(dir)).toEqual(["state.json"]); // no temp file left behind

    const second = await startFixture({ stateFile: file });
    try {
      expect(getUlist(second.database, "u2", "v11")).toMatchObject({ vote: 85, notes: "kept", labels: [7] });
      expect(getRlist(second.database, "u2", "r3")?.status).toBe(2);
      expect(getUlist(second.database, "u2", "v1")).toBeUndefined();
      const labels = await call(second, "GET", "/ulist_labels?fields=count", { token: TOKENS.u2read });
      expect(JSON.parse(labels.text).labels.find((l: { id: number }) => l.id === 7).count).toBe(3);
    } finally {
      await second.close();
    }
  });

  it("does not write before the first change, and starts from the preset without a file", async () => {
    const file = join(dir, "state.json");
    const e = await startFixture({ stateFile: file });
    await call(e, "GET", "/stats");
    expect(existsSync(file)).toBe(false);
    expect(getUlist(e.database, "u2", "v1")).toBeDefined();
    await e.close();
  });

  it("refuses a file of another preset or format", async () => {
    const file = join(dir, "state.json");
    const e = await startFixture({ stateFile: file });
    await call(e, "PATCH", "/ulist/v11", { token: TOKENS.u2rw, json: {} });
    await e.close();
    expect(JSON.parse(readFileSync(file, "utf8")).preset).toBe("catalogue");
    await expect(startEmulator({ port: 0, preset: "vectors", stateFile: file })).rejects.toThrow(/"catalogue" preset/);
    writeFileSync(file, "{}");
    await expect(startFixture({ stateFile: file })).rejects.toThrow(/not a vndb-mcp-emulator-state file/);
  });
});
