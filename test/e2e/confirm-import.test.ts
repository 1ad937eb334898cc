// The import's one confirmation in both eras, over real stdio (--embedded, a fresh list per
// client), as the removal's (confirm-delete.test.ts): a 2025 client is asked by elicitation
// while the call waits; a 2026-07-28 client gets `input_required` with the same question and
// calls again with the answer, and the tool runs again up to the same question. Yes writes
// the batch; no writes nothing. The list is read back through vndb_get_user_list.

import { describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/client";
import { ERAS, WRITER, eraClient, resultText, stdioTransport } from "../helpers/era-clients.js";

const ROWS = "v17\nhttps://vndb.org/v4";

async function onList(client: Client, vn: string): Promise<boolean> {
  const r = await client.callTool({ name: "vndb_get_user_list", arguments: { filters: { id: vn }, fields: "brief" } });
  expect(r.isError, resultText(r)).toBeFalsy();
  return (r.structuredContent as { results: unknown[] }).results.length > 0;
}

describe.each(ERAS)("a %s client over stdio", (era) => {
  it.each([true, false])("asks once for the whole batch; yes (%s) writes both rows, no writes none", async (yes) => {
    const asked: string[] = [];
    const client = eraClient(era, {
      elicit: async (message) => {
        asked.push(message);
        return yes ? { action: "accept", content: { confirm: true } } : { action: "decline" };
      },
    });
    await client.connect(stdioTransport(WRITER));
    try {
      expect(await onList(client, "v17")).toBe(false);
      const r = await client.callTool({ name: "vndb_update_list_entry", arguments: { import: ROWS, confirm: true, labels_set: ["Wishlist"] } });
      expect(asked).toHaveLength(1);
      expect(asked[0]).toMatch(/^Write 2 rows to Yorhel \(u2\)'s list \(add 2, change 0\): v17 .*, v4 CLANNAD\?$/);
      if (yes) expect(resultText(r)).toContain("Written: 2 of 2.");
      else expect(resultText(r)).toBe("The user did not confirm; nothing was written.");
      expect(await onList(client, "v17")).toBe(yes);
      expect(await onList(client, "v4")).toBe(yes);
    } finally {
      await client.close();
    }
  }, 90_000);
});
