// Issue 29, defect 5: tool schemas a client compiles cheaply and every client reads. Through a
// real SDK client that sees every tool (writer token, an MCP Apps host):
// - the MCP Inspector's schema portability rules (its core/json/schemaLint.ts, v2.3+) find
//   nothing: no bare boolean where a schema is expected (error), no array-valued `type`,
//   no schema that constrains nothing (`{}`, annotations only), no `$ref` outside the
//   document (warnings; the Inspector reported 182 of them here);
// - each outputSchema compiles with the SDK client's own default validator;
// - no outputSchema spells out a part twice, and the whole tools/list is at most 40 KB
//   (issue 29, "Done when"), tools carrying no copy of the server's icon.
// The rules are re-stated here from the Inspector's documentation of them, not imported.

import { DefaultJsonSchemaValidator } from "@modelcontextprotocol/client/_shims";
import type { Tool } from "@modelcontextprotocol/client";
import { beforeAll, describe, expect, it } from "vitest";
import { allListedTools, TOOLS_LIST_BUDGET_BYTES } from "../../bench/output-schema.bench.js";

type Json = Record<string, unknown>;

/** Keywords whose value may be a boolean by design (true/false: allow anything/nothing else). */
const BOOLEAN_OK = new Set(["additionalProperties", "unevaluatedProperties", "additionalItems", "unevaluatedItems"]);
const ONE_SCHEMA = ["items", "contains", "not", "propertyNames", "if", "then", "else", "additionalProperties", "unevaluatedProperties", "additionalItems", "unevaluatedItems", "contentSchema"];
const SCHEMA_LISTS = ["allOf", "anyOf", "oneOf", "prefixItems"];
const SCHEMA_MAPS = ["properties", "patternProperties", "dependentSchemas", "dependencies", "$defs", "definitions"];
/** Keywords that constrain a value; a schema with none of them accepts anything. */
const CONSTRAINING = new Set([
  "type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern", "format",
  "contentMediaType", "contentEncoding", "contentSchema", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains", "maxProperties",
  "minProperties", "required", "dependentRequired", "allOf", "anyOf", "oneOf", "not", "items", "prefixItems", "contains", "additionalItems",
  "unevaluatedItems", "properties", "patternProperties", "additionalProperties", "unevaluatedProperties", "propertyNames", "dependentSchemas",
  "dependencies", "$ref", "$dynamicRef", "$recursiveRef",
]);

const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Every portability finding in one schema, as "rule at path". */
export function portabilityFindings(schema: unknown, at = "", keyword?: string): string[] {
  if (typeof schema === "boolean") return keyword !== undefined && BOOLEAN_OK.has(keyword) ? [] : [`boolean-schema at ${at}`];
  if (!isObj(schema)) return [];
  const out: string[] = [];
  if (Array.isArray(schema.type)) out.push(`type-union at ${at}`);
  if (typeof schema.$ref === "string" && schema.$ref !== "" && !schema.$ref.startsWith("#")) out.push(`remote-ref at ${at}`);
  const constrains = Object.keys(schema).some((k) => CONSTRAINING.has(k)) || ("if" in schema && ("then" in schema || "else" in schema));
  if (!constrains && keyword !== "not") out.push(`untyped-schema at ${at}`);
  for (const k of SCHEMA_MAPS) if (isObj(schema[k])) for (const [name, sub] of Object.entries(schema[k])) out.push(...portabilityFindings(sub, `${at}.${k}.${name}`, k));
  for (const k of SCHEMA_LISTS) if (Array.isArray(schema[k])) (schema[k] as unknown[]).forEach((sub, i) => out.push(...portabilityFindings(sub, `${at}.${k}[${i}]`, k)));
  for (const k of ONE_SCHEMA) {
    if (!(k in schema)) continue;
    const v = schema[k];
    if (k === "items" && Array.isArray(v)) v.forEach((sub, i) => out.push(...portabilityFindings(sub, `${at}.items[${i}]`, k)));
    else out.push(...portabilityFindings(v, `${at}.${k}`, k));
  }
  return out;
}

/** Bytes of `value` as JSON on the wire. */
const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/** Every subschema of `schema` (itself included) as JSON text, walking only where schemas are. */
function subschemaTexts(schema: unknown, out: string[] = []): string[] {
  if (!isObj(schema)) return out;
  out.push(JSON.stringify(schema));
  for (const k of SCHEMA_MAPS) if (isObj(schema[k])) for (const sub of Object.values(schema[k])) subschemaTexts(sub, out);
  for (const k of SCHEMA_LISTS) if (Array.isArray(schema[k])) for (const sub of schema[k] as unknown[]) subschemaTexts(sub, out);
  for (const k of ONE_SCHEMA) if (k in schema && !Array.isArray(schema[k])) subschemaTexts(schema[k], out);
  return out;
}

/**
 * A repeated subschema smaller than this is about as cheap copied as referred to: a `$ref`
 * and the definition's name cost ~40 bytes.
 */
const SHARED_FROM_BYTES = 120;

let tools: Tool[];
beforeAll(async () => {
  tools = await allListedTools();
});

describe("schema portability (the MCP Inspector's rules)", () => {
  it("finds nothing in any tool's inputSchema or outputSchema", () => {
    const findings = tools.flatMap((t) => [
      ...portabilityFindings(t.inputSchema, `${t.name}.inputSchema`),
      ...(t.outputSchema ? portabilityFindings(t.outputSchema, `${t.name}.outputSchema`) : []),
    ]);
    expect(findings).toEqual([]);
  });

  it("the check finds what it looks for", () => {
    expect(portabilityFindings({ type: "object", properties: { a: true, b: {}, c: { type: ["string", "null"] }, d: { $ref: "https://x/y" }, e: { description: "x" } }, additionalProperties: true })).toEqual([
      "boolean-schema at .properties.a",
      "untyped-schema at .properties.b",
      "type-union at .properties.c",
      "remote-ref at .properties.d",
      "untyped-schema at .properties.e",
    ]);
  });
});

describe("output schemas a client compiles cheaply", () => {
  it("every outputSchema compiles with the SDK client's default validator", () => {
    // A generous ceiling on a shared machine: the bench (npm run bench:output-schema) measures.
    for (const t of tools.filter((x) => x.outputSchema)) {
      const validator = new DefaultJsonSchemaValidator();
      expect(() => validator.getValidator(t.outputSchema as never), t.name).not.toThrow();
    }
  });

  it("no outputSchema spells out one part twice: a repeated part is one definition (name it: zod's .meta({ id }))", () => {
    for (const t of tools.filter((x) => x.outputSchema)) {
      const big = subschemaTexts(t.outputSchema).filter((text) => text.length >= SHARED_FROM_BYTES);
      const repeated = big.filter((text, i) => big.indexOf(text) !== i);
      expect(repeated, t.name).toEqual([]);
    }
  });
});

describe("the whole tools/list", () => {
  it(`is at most ${TOOLS_LIST_BUDGET_BYTES / 1024} KB with every tool a client can see (writer token, an Apps host)`, () => {
    // What a host downloads, parses and keeps per session: not only what the model reads
    // (test/tools/context-budget.test.ts budgets that in tokens).
    expect(tools.length).toBeGreaterThanOrEqual(22);
    expect(jsonBytes({ tools })).toBeLessThanOrEqual(TOOLS_LIST_BUDGET_BYTES);
  });

  it("sends the server's icon once, in its implementation info, not again on every tool", () => {
    for (const t of tools) expect(t.icons, t.name).toBeUndefined();
  });
});
