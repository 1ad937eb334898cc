// npm run bench:context — what the tool list costs the model's context: the model-facing
// part of tools/list (name, title, description, input schema of each tool) and the server
// instructions, in Anthropic tokens, without a token and with a writer token. A count, not a
// timing: test/tools/context-budget.test.ts asserts the same budgets.

import { countTokens } from "@anthropic-ai/tokenizer";
import { serverInstructions } from "../src/server/instructions.js";
import { MODEL_FACING_BUDGET, MODEL_FACING_BUDGET_WRITER, modelFacingCost, WRITER_TOKEN } from "../test/helpers/model-facing.js";
import { testConfig } from "../test/helpers/mcp-client.js";

const say = (s: string) => process.stdout.write(`${s}\n`);

for (const [label, overrides, budget] of [
  ["no token", {}, MODEL_FACING_BUDGET],
  ["writer token", { token: WRITER_TOKEN }, MODEL_FACING_BUDGET_WRITER],
] as const) {
  const cost = await modelFacingCost(overrides);
  const instructions = countTokens(serverInstructions(testConfig(overrides)));
  say(`${label}: model-facing tools/list ${cost.tokens} tokens (budget ≤ ${budget}), ${cost.perTool.length} tools; instructions ${instructions} tokens`);
  for (const t of cost.perTool) say(`  ${t.name.padEnd(28)} ${String(t.tokens).padStart(5)}`);
}
