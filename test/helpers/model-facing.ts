// What a host hands the model from tools/list: each tool's name, title, description and input
// schema. Icons, annotations and output schemas are for the client (issue 21), so the context
// budget counts only these four, with the Anthropic tokenizer.

import { countTokens } from "@anthropic-ai/tokenizer";
import type { ServerConfig } from "../../src/server/config.js";
import { connect, testConfig, unreachableApi } from "./mcp-client.js";

/** Issue 21: the model-facing tools/list without a token, and with a token that may write. */
export const MODEL_FACING_BUDGET = 3_000;
export const MODEL_FACING_BUDGET_WRITER = 3_600;
/** The emulator's read-write test token for u2 (catalogue tokens.json); registers the write tools. */
export const WRITER_TOKEN = "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy";

export interface ModelFacingCost {
  tokens: number;
  perTool: { name: string; tokens: number }[];
}

/** The model-facing part of tools/list as a real SDK client receives it, and its token count. */
export async function modelFacingCost(overrides: Partial<ServerConfig> = {}): Promise<ModelFacingCost> {
  const c = await connect(testConfig(overrides), unreachableApi);
  try {
    const { tools } = await c.client.listTools();
    const facing = tools.map((t) => ({ name: t.name, title: t.title, description: t.description, inputSchema: t.inputSchema }));
    return {
      tokens: countTokens(JSON.stringify(facing)),
      perTool: facing.map((t) => ({ name: t.name, tokens: countTokens(JSON.stringify(t)) })),
    };
  } finally {
    await c.close();
  }
}
