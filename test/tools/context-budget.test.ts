// The context cost of the tool list (issue 21): what a host hands the model from tools/list
// (name, title, description, input schema per tool) stays within budget, and the filter
// grammar the search tools no longer repeat is still said once, in the server instructions.

import { describe, expect, it } from "vitest";
import { serverInstructions } from "../../src/server/instructions.js";
import { FILTERS } from "../../src/kana/filters.js";
import { connect, testConfig, unreachableApi } from "../helpers/mcp-client.js";
import { MODEL_FACING_BUDGET, MODEL_FACING_BUDGET_WRITER, modelFacingCost, WRITER_TOKEN } from "../helpers/model-facing.js";

describe("model-facing tools/list", () => {
  it(`costs at most ${MODEL_FACING_BUDGET} tokens without a token`, async () => {
    const cost = await modelFacingCost({});
    expect(cost.perTool.length).toBeGreaterThan(10);
    expect(cost.tokens).toBeLessThanOrEqual(MODEL_FACING_BUDGET);
  });

  it(`costs at most ${MODEL_FACING_BUDGET_WRITER} tokens with a writer token`, async () => {
    const cost = await modelFacingCost({ token: WRITER_TOKEN });
    expect(cost.perTool.map((t) => t.name)).toContain("vndb_update_list_entry");
    expect(cost.tokens).toBeLessThanOrEqual(MODEL_FACING_BUDGET_WRITER);
  });

  it("loses no filter: every advertised filter key is still named in some tool's `filters`", async () => {
    const c = await connect(testConfig({}), unreachableApi);
    try {
      const { tools } = await c.client.listTools();
      // Names sharing a prefix are written with it once ("ani_{bg,face}"): read them out in full.
      const text = tools
        .map((t) => JSON.stringify(t.inputSchema))
        .join("\n")
        .replace(/([a-z]+_)\{([a-z_*,]+)\}/g, (_m, prefix: string, rest: string) => rest.split(",").map((n) => prefix + n).join(", "));
      for (const [entity, defs] of Object.entries(FILTERS)) {
        for (const d of defs.filter((x) => !x.deprecated)) {
          expect(new RegExp(`[ ,;(]${d.name}\\*?[ ,;).]`).test(text), `${entity}.${d.name}`).toBe(true);
        }
      }
      // A user's list takes the VN filters: its description points at the tool that lists them.
      const ulist = tools.find((t) => t.name === "vndb_get_user_list")!;
      expect(JSON.stringify(ulist.inputSchema)).toContain("vndb_search_vn");
    } finally {
      await c.close();
    }
  });

  it("the server instructions carry the filter grammar the tools no longer repeat", () => {
    const text = serverInstructions(testConfig({}));
    for (const piece of ["{ne: x}", "{any|all|none: [...]}", "{gt|gte|lt|lte: x}", "marked *", "{or: [", "raw", "vndb.org/v?f="]) {
      expect(text, piece).toContain(piece);
    }
    expect(text).toMatch(/"brief".*"standard".*"full"/);
  });
});
