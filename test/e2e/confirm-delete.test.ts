// The removal confirmation in both eras (issue 19 item 3): a 2025 client is asked by
// elicitation while the call waits; a 2026-07-28 client gets `input_required` with the same
// question and calls again with the answer (sealed requestState, so it works with --stateless
// too). Yes removes the entry; no, or no answer at all, removes nothing. Each case reads the
// emulator's list back through vndb_get_user_list.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/client";
import { ERAS, WRITER, eraClient, resultText, startHttpChild, stdioTransport, type Era, type EraClientOptions, type HttpChild, type Wire } from "../helpers/era-clients.js";

/** u2's VN list in the catalogue sample (docs/catalogue.md); each case removes its own entry. */
const U2_LIST = ["v1", "v2", "v3", "v5", "v7", "v10"];

async function onList(client: Client, vn: string): Promise<boolean> {
  const r = await client.callTool({ name: "vndb_get_user_list", arguments: { filters: { id: vn }, fields: "brief" } });
  expect(r.isError, resultText(r)).toBeFalsy();
  return (r.structuredContent as { results: unknown[] }).results.length > 0;
}

type Answer = "yes" | "no" | "none";

function clientFor(era: Era, answer: Answer, asked: string[]): ReturnType<typeof eraClient> {
  const options: EraClientOptions = {};
  if (answer === "none" && era === "2026") options.noAutoFulfill = true;
  options.elicit = async (message) => {
    asked.push(message);
    if (answer === "none") throw new Error("the user closed the dialog");
    return answer === "yes" ? { action: "accept", content: { confirm: true } } : { action: "decline" };
  };
  return eraClient(era, options);
}

async function removal(client: Client, vn: string): Promise<{ text: string; failed?: string }> {
  try {
    const r = await client.callTool({ name: "vndb_remove_list_entry", arguments: { vn, confirm: true } });
    return { text: resultText(r) };
  } catch (error) {
    // A 2026 client that does not fulfil input_required ends the call itself.
    return { text: "", failed: error instanceof Error ? error.message : String(error) };
  }
}

function cases(wire: Wire, connect: (client: Client) => Promise<void>, ids: () => string[]) {
  describe.each(ERAS)("a %s client", (era) => {
    // The 2025 era has no way to ask over --stateless (no session: the server cannot send a
    // request back). There the client's confirm:true stands, as for any client without
    // elicitation; that case is tested below.
    const asks = !(wire === "http-stateless" && era === "2025");

    it.runIf(asks)("removes the entry when the user says yes", async () => {
      const vn = ids().shift()!;
      const asked: string[] = [];
      const client = clientFor(era, "yes", asked);
      await connect(client);
      try {
        expect(await onList(client, vn)).toBe(true);
        const r = await removal(client, vn);
        expect(r.failed).toBeUndefined();
        expect(r.text).toMatch(new RegExp(`^Removed ${vn} `));
        expect(asked).toHaveLength(1);
        expect(asked[0]).toMatch(new RegExp(`^Remove ${vn} .* from Yorhel's list`));
        expect(await onList(client, vn)).toBe(false);
      } finally {
        await client.close();
      }
    }, 60_000);

    it.runIf(asks)("removes nothing when the user says no", async () => {
      const vn = ids().shift()!;
      const asked: string[] = [];
      const client = clientFor(era, "no", asked);
      await connect(client);
      try {
        const r = await removal(client, vn);
        expect(r.text).toMatch(/did not confirm; nothing was removed/);
        expect(asked).toHaveLength(1);
        expect(await onList(client, vn)).toBe(true);
      } finally {
        await client.close();
      }
    }, 60_000);

    it.runIf(asks)("removes nothing when the question goes unanswered", async () => {
      const vn = ids().shift()!;
      const asked: string[] = [];
      const client = clientFor(era, "none", asked);
      await connect(client);
      try {
        const r = await removal(client, vn);
        if (era === "2026") expect(r.failed).toMatch(/input/i);
        else expect(r.text).toMatch(/did not confirm; nothing was removed/);
        expect(await onList(client, vn)).toBe(true);
      } finally {
        await client.close();
      }
    }, 60_000);

    it.runIf(!asks)("cannot ask (no session to send the question on): confirm:true after the preview removes, as for a client without elicitation", async () => {
      const vn = ids().shift()!;
      const asked: string[] = [];
      const client = clientFor(era, "no", asked);
      await connect(client);
      try {
        const preview = await client.callTool({ name: "vndb_remove_list_entry", arguments: { vn } });
        expect(resultText(preview)).toMatch(/^Preview: this would remove/);
        expect(await onList(client, vn)).toBe(true);
        const r = await removal(client, vn);
        expect(asked).toEqual([]);
        expect(r.text).toMatch(new RegExp(`^Removed ${vn} `));
      } finally {
        await client.close();
      }
    }, 60_000);
  });
}

describe("over stdio --embedded (a fresh list per client)", () => {
  cases("stdio", (c) => c.connect(stdioTransport(WRITER)), () => [...U2_LIST]);

  it("a 2026 client that cannot ask its user (no elicitation) is treated like such a 2025 client: confirm:true removes", async () => {
    const client = eraClient("2026");
    await client.connect(stdioTransport(WRITER));
    try {
      const r = await removal(client, "v1");
      expect(r.failed).toBeUndefined();
      expect(r.text).toMatch(/^Removed v1 /);
      expect(await onList(client, "v1")).toBe(false);
    } finally {
      await client.close();
    }
  }, 60_000);
});

describe.each([false, true])("over --http (stateless: %s)", (stateless) => {
  let http: HttpChild;
  // One server for all cases: each takes the next entry of the one list.
  const left = [...U2_LIST];
  beforeAll(async () => {
    http = await startHttpChild(stateless);
  }, 60_000);
  afterAll(() => http?.close());
  cases(stateless ? "http-stateless" : "http", (c) => c.connect(http.transport(WRITER)), () => left);
});
