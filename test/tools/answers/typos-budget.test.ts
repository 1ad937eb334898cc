// Cause 10 of issue 21 through a real SDK client: the closest-spelling fallback of an empty
// search never turns "nothing found" into a failure when the client's rate budget refuses
// its extra requests (in a 300-call storm against a healthy VNDB, no call answered).

import { afterEach, describe, expect, it } from "vitest";
import { startEmulator, type Emulator } from "../../../src/emulator/index.js";
import { KanaClient } from "../../../src/client/kana-client.js";
import { connect, testConfig, type Connected } from "../../helpers/mcp-client.js";
import { nearMatches } from "../../../src/tools/query/notes/typo-fallback.js";

let open: { emulator: Emulator; api: KanaClient; connected: Connected } | undefined;
afterEach(async () => {
  if (!open) return;
  await open.connected.close();
  await open.api.close();
  await open.emulator.close();
  open = undefined;
});

/** A server whose client may send `maxRequests` requests in the (5-minute) window, then is refused. */
async function withBudget(maxRequests: number) {
  const emulator = await startEmulator({ port: 0, preset: "test" });
  const api = new KanaClient({ baseUrl: emulator.url, rateLimit: { maxRequests }, maxBudgetWaitMs: 0, logger: () => {} });
  const connected = await connect(testConfig(), api);
  open = { emulator, api, connected };
  return async (args: Record<string, unknown>) => {
    const r = await connected.client.callTool({ name: "vndb_search_vn", arguments: args });
    const text = (r.content as { text?: string }[]).map((c) => c.text ?? "").join("\n");
    return { text, isError: r.isError === true };
  };
}

describe("the typo fallback under a spent rate budget", () => {
  // "Clanad" finds nothing in the catalogue; its looser searches ("cla") find candidates.
  it.each([[1], [2], [3]])("with room for %i request(s), a misspelt search answers 'nothing found', not a budget error", async (budget) => {
    const call = await withBudget(budget);
    const r = await call({ query: "Clanadd", fields: "brief" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(/No visual novels found|Closest spelling|Did you mean/);
    expect(r.text).not.toMatch(/Rate limit reached/);
  });

  it("the search itself refused is still the budget error (nothing was searched)", async () => {
    const call = await withBudget(1);
    await call({ query: "Clanadd" });
    const r = await call({ query: "Clanadd" });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/Rate limit reached/);
  });
});

describe("near matches found before", () => {
  it("are answered again without a request (no budget spent on a repeated misspelling)", async () => {
    let requests = 0;
    const api = {
      query: async () => {
        requests++;
        return { results: [{ id: "v3", title: "Kanon" }], more: false };
      },
    } as unknown as Parameters<typeof nearMatches>[0]["api"];
    const ask = () => nearMatches({ api, signal: undefined, endpoint: "vn", query: "Kanone", filters: null });
    const first = await ask();
    const spent = requests;
    expect(spent).toBeGreaterThan(0);
    expect(await ask()).toEqual(first);
    expect(requests).toBe(spent);
  });
});
