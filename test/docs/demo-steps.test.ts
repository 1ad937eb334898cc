// The demo's questions (scripts/demo-steps.ts) are answered by the offline sample: each
// step runs against the `catalogue` preset (what --embedded serves) and must give an
// answer with content, or the refusal it is there to show.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_STEPS } from "../../scripts/demo-steps.js";
import { startEmulated, TOKENS, type Emulated } from "../helpers/emulated-server.js";

describe("the demo answers offline", () => {
  let server: Emulated;
  beforeAll(async () => {
    server = await startEmulated({ preset: "catalogue", config: { embedded: true, token: TOKENS.u2Writer } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(DEMO_STEPS.map((s) => [s.say, s] as const))("%s", async (_say, step) => {
    const r = await server.call(step.tool, step.args);
    expect(r.isError, r.text).toBe(step.expectError === true);
    expect(r.text).not.toMatch(/^No (visual novels|characters|results)/);
    expect(r.text.length).toBeGreaterThan(20);
  });

  it("shows the spoiler ceiling at work", async () => {
    const step = DEMO_STEPS.find((s) => s.say.startsWith("Spoilers"))!;
    expect((await server.call(step.tool, step.args)).text).toMatch(/Hidden as spoilers \(above level 0\): \d+/);
  });

  it("answers the flagship question with real Key VNs", async () => {
    const r = await server.call("vndb_search_vn", DEMO_STEPS[1].args);
    expect(r.text).toContain("CLANNAD");
    expect(r.text).toContain("Summer Pockets");
  });
});
