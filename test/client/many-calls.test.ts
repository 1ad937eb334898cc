// Twenty calls at once (an assistant's parallel tool calls) used to print Node's
// MaxListenersExceededWarning: every call waiting for the rate budget hung a listener on the
// client's one long-lived close signal. The waits now register with the client instead.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KanaClient } from "../../src/client/kana-client.js";
import { startFakeKana, type FakeKana } from "./fake-kana.js";

let kana: FakeKana;
beforeAll(async () => {
  // Slow answers, so the calls pile up behind the budget's 4-at-once limit.
  kana = await startFakeKana(async () => {
    await new Promise((r) => setTimeout(r, 30));
    return { status: 200, body: { more: false, results: [] } };
  });
});
afterAll(async () => kana.close());

describe("many calls at once", () => {
  it("20 concurrent calls: all answered, no MaxListenersExceededWarning", async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on("warning", onWarning);
    const c = new KanaClient({ baseUrl: kana.url, logger: () => undefined });
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => c.query("vn", { page: i + 1 })));
      expect(answers).toHaveLength(20);
      await new Promise((r) => setImmediate(r)); // warnings are emitted on the next tick
      expect(warnings.filter((w) => w.includes("MaxListeners"))).toEqual([]);
    } finally {
      process.off("warning", onWarning);
      await c.close();
    }
  });

  it("close() still cancels every call waiting for the budget", async () => {
    const c = new KanaClient({ baseUrl: kana.url, logger: () => undefined });
    const calls = Array.from({ length: 12 }, (_, i) => c.query("vn", { page: 100 + i }).then(() => "answered", (e: Error) => e.message));
    await new Promise((r) => setTimeout(r, 5));
    await c.close();
    const outcomes = await Promise.all(calls);
    expect(outcomes.filter((o) => /closed/.test(o)).length).toBeGreaterThanOrEqual(8);
  });
});
