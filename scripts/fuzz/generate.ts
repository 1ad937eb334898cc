// Tool calls for the fuzzer, from the tools' own input schemas (tools/list): mostly plausible
// calls with real-looking values, mixed with the inputs a careless or hostile client sends
// (wrong types, huge or broken text, deep nesting, unknown keys and tools, odd numbers).
// Seeded: the same seed gives the same calls, so a failure can be replayed.

// The synthetic catalogue's seeded generator, shared.
import { prng as rng } from "../../bench/synthetic-catalogue.js";

export { rng };

export interface ListedTool {
  name: string;
  inputSchema: { properties?: Record<string, JsonSchema>; required?: string[] };
}

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  minimum?: number;
  maximum?: number;
  description?: string;
}

export interface FuzzCall {
  /** Position in the sequence: with the seed, enough to regenerate the call. */
  index: number;
  name: string;
  /** The arguments, or the raw JSON text of them when plain JSON could not carry them. */
  args: unknown;
  rawArgs?: string;
  /** What kind of input this is, for the report. */
  kind: string;
}


const TEXTS = ["Ever17", "ever17", "Saya no Uta", "Key", "Nitroplus", "CLANNAD", "fate", "Yorhel", "u2", "v17", "v4", "r1", "p24", "c23", "s545", "g7", "i1", "Nakige", "Amnesiac Protagonist", "Finished", "Wishlist", "en", "ja", "win", "swi", "", " ", "🎮", "ｆｕｌｌｗｉｄｔｈ", "Ω≈ç√", "null", "0", "-1", "title,released", "brief", "full", "tags{name,rating}", "tags[category=cont,limit=3]", "staff[role=scenario]", "developers.name", "https://vndb.org/v?f=02132gen2gde2gfr3hja", "%00", "\\u0000", "'; DROP TABLE vn;--", "<script>", "a\u0000b"];
const FILTER_VALUES: unknown[] = ["en", "ja", "Key", 80, "v17", { gt: 80 }, { any: ["en", "ja"] }, { ne: "ja" }, { search: "Ever17" }, { name: "Nakige", min_level: 2 }, true, null, [], {}, "2020", { gte: "2020" }, -1, 1e308, "x".repeat(300)];

export class CallGenerator {
  readonly #random: () => number;
  readonly #tools: ListedTool[];
  readonly #filterKeys: string[];
  #index = 0;

  constructor(tools: ListedTool[], seed: number, private readonly maxHugeBytes: number) {
    this.#random = rng(seed);
    this.#tools = tools;
    const keys = new Set<string>(["and", "or", "raw", "id", "search"]);
    for (const t of tools) {
      const desc = t.inputSchema.properties?.filters?.description ?? "";
      for (const m of desc.slice(desc.indexOf("Keys:")).matchAll(/\b([a-z][a-z_]*)\*?(?=[,;.( ])/g)) keys.add(m[1]!);
    }
    this.#filterKeys = [...keys];
  }

  #pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.#random() * xs.length)]!;
  }
  #chance(p: number): boolean {
    return this.#random() < p;
  }

  next(): FuzzCall {
    const index = this.#index++;
    const r = this.#random();
    if (r < 0.02) return { index, name: `vndb_${this.#pick(["nope", "search_vns", "delete_everything"])}`, args: {}, kind: "unknown tool" };
    const tool = this.#pick(this.#tools);
    if (r < 0.6) return { index, name: tool.name, args: this.#valid(tool), kind: "plausible" };
    const args = this.#valid(tool);
    const props = Object.keys(tool.inputSchema.properties ?? {});
    const key = props.length ? this.#pick(props) : "x";
    const hostile = this.#pick(["wrong type", "huge text", "deep nesting", "lone surrogate", "unknown key", "odd number", "odd unicode", "huge array", "null everywhere"] as const);
    switch (hostile) {
      case "wrong type":
        args[key] = this.#pick([42, true, null, ["a"], { a: 1 }, "text", -0.5]);
        break;
      case "huge text":
        args[key] = this.#pick(["x", "é", "🎮", "{"]).repeat(Math.floor(1 + this.#random() * this.maxHugeBytes / 4));
        break;
      case "deep nesting": {
        const depth = Math.floor(10 + this.#random() * 5_000);
        const inner = `${'{"not":'.repeat(depth)}{"lang":"en"}${"}".repeat(depth)}`;
        const rest = JSON.stringify({ ...args, filters: "@@" }).replace('"@@"', inner);
        return { index, name: tool.name, args: null, rawArgs: rest, kind: hostile };
      }
      case "lone surrogate":
        args[key] = `ab\ud800${this.#pick(TEXTS)}`;
        break;
      case "unknown key":
        args[`${this.#pick(["filter", "fieldz", "limit", "__proto__", "constructor", "x".repeat(200)])}`] = this.#pick(TEXTS);
        break;
      case "odd number":
        args[key] = this.#pick([Number.MAX_SAFE_INTEGER, -1, 0, 1e308, -1e-9, 2 ** 53 + 1, 3.5]);
        break;
      case "odd unicode":
        args[key] = this.#pick(["\u202e\u0644\u0627", "\uFEFF", "a\u0301\u0301\u0301", "\u0000", "𝕍𝔻ℕ𝔹", "\u200b".repeat(100)]);
        break;
      case "huge array":
        args[key] = Array.from({ length: Math.floor(100 + this.#random() * 20_000) }, (_, i) => `v${i}`);
        break;
      case "null everywhere":
        for (const k of props) args[k] = null;
        break;
    }
    return { index, name: tool.name, args, kind: hostile };
  }

  #valid(tool: ListedTool): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const props = tool.inputSchema.properties ?? {};
    for (const [key, schema] of Object.entries(props)) {
      const required = tool.inputSchema.required?.includes(key) ?? false;
      if (!required && !this.#chance(0.45)) continue;
      out[key] = key === "filters" ? this.#filters(0) : this.#value(schema, key);
    }
    return out;
  }

  #filters(depth: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const n = 1 + Math.floor(this.#random() * 3);
    for (let i = 0; i < n; i++) {
      const key = this.#pick(this.#filterKeys);
      if ((key === "and" || key === "or") && depth < 3) out[key] = [this.#filters(depth + 1), this.#filters(depth + 1)];
      else if (key === "raw") out[key] = this.#pick([["lang", "=", "en"], "022gena3Nv", "https://vndb.org/v?f=02132gen2gde2gfr3hja", ["and"], "garbage", 7]);
      else out[key] = this.#pick(FILTER_VALUES);
    }
    return out;
  }

  #value(schema: JsonSchema, key: string): unknown {
    if (schema.enum) return this.#pick(schema.enum);
    if (schema.anyOf) return this.#value(this.#pick(schema.anyOf), key);
    const type = Array.isArray(schema.type) ? this.#pick(schema.type) : schema.type;
    switch (type) {
      case "string":
        return this.#pick(TEXTS);
      case "integer":
      case "number": {
        const lo = schema.minimum ?? 0;
        const hi = Math.min(schema.maximum ?? 100, 1e6);
        const n = lo + this.#random() * (hi - lo);
        return type === "integer" ? Math.round(n) : Math.round(n * 10) / 10;
      }
      case "boolean":
        return this.#chance(0.5);
      case "null":
        return null;
      case "array":
        return Array.from({ length: 1 + Math.floor(this.#random() * 3) }, () => this.#value(schema.items ?? { type: "string" }, key));
      case "object":
        return {};
      default:
        return this.#pick(TEXTS);
    }
  }
}
