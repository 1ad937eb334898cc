// The tools as a server knows them before their code loads (tools/shelf.ts): the cards must
// say exactly what the tools themselves would (tools/list entry, access, endpoint), whether
// computed at start from the registry or inlined by the bundle build as JSON, and a card's
// tool must be the registry's.
import { describe, expect, it } from "vitest";
import { listedTool } from "../../src/tools/define-tool.js";
import { ALL_TOOLS } from "../../src/tools/index.js";
import { cardOf, cardsFor, shelfOf, toolShelf } from "../../src/tools/shelf.js";
import { testConfig } from "../helpers/mcp-client.js";

const TOKEN = "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy";

describe("the tool shelf", () => {
  it("has a card per registry tool, in order, saying what the tool says", async () => {
    const shelf = await toolShelf();
    expect(shelf.cards.map((c) => c.name)).toEqual(ALL_TOOLS.map((t) => t.name));
    for (const [i, tool] of ALL_TOOLS.entries()) {
      const card = shelf.cards[i]!;
      expect(card.listed).toEqual(listedTool(tool));
      expect([card.access, card.endpoint, card.audience]).toEqual([tool.access, tool.endpoint, tool.audience]);
      expect(await shelf.tool(card.name)).toBe(tool);
    }
    await expect(shelf.tool("vndb_no_such_tool")).rejects.toThrow(/no tool vndb_no_such_tool/);
  });

  it("serves from cards that went through JSON, as the bundle inlines them, the same tools", async () => {
    const shelf = shelfOf(JSON.parse(JSON.stringify(ALL_TOOLS.map(cardOf))));
    expect(shelf.cards).toEqual(ALL_TOOLS.map(cardOf));
    expect(await shelf.tool("vndb_update_list_entry")).toBe(ALL_TOOLS.find((t) => t.name === "vndb_update_list_entry"));
  });

  it("gives a server the list writes only when writes are enabled", async () => {
    const { cards } = await toolShelf();
    const writes = (c: typeof cards) => c.filter((x) => x.access === "write").map((x) => x.name);
    expect(writes(cardsFor(testConfig(), cards))).toEqual([]);
    expect(writes(cardsFor(testConfig({ token: TOKEN, readOnly: true }), cards))).toEqual([]);
    expect(writes(cardsFor(testConfig({ token: TOKEN }), cards))).toEqual(ALL_TOOLS.filter((t) => t.access === "write").map((t) => t.name));
    expect(writes(cardsFor(testConfig({ token: TOKEN }), cards)).length).toBe(4);
  });
});
