// Two clients of one shared budget (as the HTTP server's users are), against the emulator:
// one flooding cannot push the other's calls into budget errors, and the flooder is told
// why and for how long.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KanaClient } from "../../src/client/kana-client.js";
import { RateBudget } from "../../src/client/rate-budget.js";
import { KanaError } from "../../src/kana/errors.js";
import { startEmulator, type Emulator } from "../../src/emulator/index.js";

describe("a shared budget, two clients", () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
  });
  afterAll(async () => {
    await emulator.close();
  });

  it("one client flooding does not push the other's calls into budget errors", async () => {
    // VNDB's window scaled down (20 per minute) so that a flood exhausts it quickly.
    const budget = new RateBudget({ maxRequests: 20, windowMs: 60_000 });
    // The flooder's calls give up waiting after 2 s (the default 20 s would only slow the test).
    const flooder = new KanaClient({ baseUrl: emulator.url, rateBudget: budget, budgetCaller: "client-a", maxBudgetWaitMs: 2_000, logger: () => {} });
    const other = new KanaClient({ baseUrl: emulator.url, rateBudget: budget, budgetCaller: "client-b" });
    const ask = (client: KanaClient, i: number) =>
      client.query("vn", { filters: ["id", "=", `v${i}`], fields: "title" }).then(
        () => "ok" as const,
        (error: unknown) => error,
      );

    const flood = Promise.all(Array.from({ length: 60 }, (_, i) => ask(flooder, i + 1)));
    // The other client's calls arrive while the flood is running and after it.
    const during = await Promise.all(Array.from({ length: 3 }, (_, i) => ask(other, 1000 + i)));
    const flooded = await flood;
    const after = await Promise.all(Array.from({ length: 2 }, (_, i) => ask(other, 2000 + i)));

    expect([...during, ...after]).toEqual(["ok", "ok", "ok", "ok", "ok"]);
    const refused = flooded.filter((r) => r !== "ok");
    expect(refused.length).toBeGreaterThan(0);
    for (const error of refused) {
      expect(error).toBeInstanceOf(KanaError);
      expect((error as KanaError).kind).toBe("budget");
      expect((error as KanaError).message).toMatch(/; retry in \d+ s\./);
    }
    expect(refused.some((e) => /fair share of the 20 requests per 60 s .* is used \(at most 10 when alone/.test((e as Error).message))).toBe(true);
    // The flooder had at most half the window (it may hold no more than is free).
    const served = flooded.filter((r) => r === "ok").length;
    expect(served).toBeGreaterThanOrEqual(5);
    expect(served).toBeLessThanOrEqual(10);
    await Promise.all([flooder.close(), other.close()]);
  });
});
