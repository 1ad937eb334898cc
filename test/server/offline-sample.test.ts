// --embedded says what it is: an offline sample of real VNDB data, not the live database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalogue } from "../../src/emulator/catalogue/load.js";
import { serverInstructions } from "../../src/server/instructions.js";
import { OFFLINE_SAMPLE_VNS } from "../../src/server/offline-sample.js";
import { testConfig } from "../helpers/mcp-client.js";
import { startEmulated, type Emulated } from "../helpers/emulated-server.js";

describe("the offline sample", () => {
  it("names the bundled catalogue's real VN count", () => {
    expect(OFFLINE_SAMPLE_VNS).toBe(loadCatalogue().vn.filter((v) => !v.hidden).length);
  });

  it("is announced in the instructions with --embedded only", () => {
    const offline = serverInstructions(testConfig({ embedded: true }));
    expect(offline).toContain("offline sample of 1,212 VNs");
    expect(offline).toContain("2020–2026");
    expect(offline).toContain("not the live database");
    expect(serverInstructions(testConfig({ embedded: false }))).not.toContain("offline sample");
  });
});

describe("vndb_get_stats", () => {
  let offline: Emulated;
  let online: Emulated;
  beforeAll(async () => {
    offline = await startEmulated({ preset: "catalogue", config: { embedded: true } });
    online = await startEmulated({ preset: "catalogue" });
  });
  afterAll(async () => {
    await offline?.close();
    await online?.close();
  });

  it("says the counts are the offline sample's in --embedded mode", async () => {
    const r = await offline.call("vndb_get_stats");
    expect(r.isError).toBe(false);
    expect(r.text).toMatch(/^The offline sample \(VNDB data of 2020–2026, not the live database\) holds .*vn: 1,212/);
    expect(r.text).not.toMatch(/^VNDB holds/);
  });

  it("says VNDB holds them otherwise", async () => {
    const r = await online.call("vndb_get_stats");
    expect(r.text).toMatch(/^VNDB holds /);
  });
});
