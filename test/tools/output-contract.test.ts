// Structured output is a contract: every tool that answers with structuredContent declares an
// outputSchema in tools/list, and every answer, typical or odd (empty pages, size-capped
// pages, every preset, nested fields, credits, the list writes), validates against it — as a
// client sees it: the JSON Schema from tools/list, through a real SDK client. A schema that is
// only a frame fails too: every member of an answer must be declared (`undeclared` below).

import { Ajv, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Tool } from "@modelcontextprotocol/client";
import { startEmulated, TOKENS, type Emulated } from "../helpers/emulated-server.js";
import { APP_MIME_TYPE, UI_EXTENSION } from "../../src/ui/resources.js";
import { LEAF_TYPES, treeLeaves } from "../../src/tools/query/entry-shapes.js";
import { API_FIELDS, subFields, type SchemaObject } from "../../src/schema/index.js";
import { z } from "zod";
import { ALL_TOOLS } from "../../src/tools/index.js";
import { outputObject } from "../../src/tools/define-tool.js";

/**
 * A tool's full output shape, as the server checks every answer against it. tools/list sends
 * a shorter one for query tools (each entry by its id and title, other members allowed: issue
 * 29); answers must fit both, and every member must be declared in the full one.
 */
const detailed = new Map<string, Json>();
function detailedSchema(name: string): Json {
  let s = detailed.get(name);
  if (!s) detailed.set(name, (s = z.toJSONSchema(outputObject(ALL_TOOLS.find((t) => t.name === name)!)!, { target: "draft-7", io: "output" }) as Json));
  return s;
}

type Json = Record<string, unknown>;

/** Starting the emulated servers reads the catalogue; on a loaded machine that takes longer than vitest's 10 s hook default. */
const STARTUP_TIMEOUT_MS = 60_000;
/** What a call must give: entries, an answer without entries, or an error. */
type Expect = "entries" | "answer" | "error";
type Call = readonly [tool: string, args: Json, expect?: Expect];

/** A page budget small enough that a page of full VN entries must be cut (config maxResponseTokens). */
const TIGHT_TOKENS = 1_500;

let writer: Emulated;
let tight: Emulated;
let decliner: Emulated;
let tools: Map<string, Tool>;
const ajv = new Ajv({ strict: false, allErrors: true });
const validators = new Map<string, ValidateFunction>();

beforeAll(async () => {
  // An MCP Apps host, so that the app-only tools (src/ui/) are listed and covered too.
  writer = await startEmulated({ config: { token: TOKENS.u2Writer }, capabilities: { extensions: { [UI_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } } } });
  tight = await startEmulated({ config: { maxResponseTokens: TIGHT_TOKENS } });
  decliner = await startEmulated({ config: { token: TOKENS.u2Writer }, elicit: () => ({ action: "decline" }) });
  tools = new Map((await writer.client.listTools()).tools.map((t) => [t.name, t]));
  await tight.client.listTools();
  await decliner.client.listTools();
}, STARTUP_TIMEOUT_MS);
afterAll(async () => {
  await Promise.all([writer?.close(), tight?.close(), decliner?.close()]);
});

const resolveRef = (schema: Json, root: Json): Json => {
  let s = schema;
  while (typeof s.$ref === "string") {
    const name = s.$ref.replace(/^#\/(definitions|\$defs)\//, "");
    s = ((root.definitions ?? root.$defs) as Record<string, Json>)[name]!;
  }
  return s;
};

const jsonType = (v: unknown): string => (v === null ? "null" : Array.isArray(v) ? "array" : Number.isInteger(v) ? "integer" : typeof v);
const typeFits = (schema: Json, v: unknown): boolean => {
  const types = ([] as unknown[]).concat(schema.type ?? []);
  if (types.length === 0) return true;
  const t = jsonType(v);
  return types.includes(t) || (t === "integer" && types.includes("number"));
};

/**
 * The members of `value` its schema does not declare (paths). A schema says "anything"
 * only by an explicit map (additionalProperties) or union; an array without `items` or an
 * object without `properties` holding members is a frame, and its contents count as undeclared.
 */
function undeclared(schema: Json, value: unknown, root: Json, path = "$"): string[] {
  const s = resolveRef(schema, root);
  if (Array.isArray(s.anyOf)) {
    const branch = (s.anyOf as Json[]).map((b) => resolveRef(b, root)).find((b) => typeFits(b, value) && (b.anyOf || b.allOf || b.type !== undefined));
    return branch ? undeclared(branch, value, root, path) : [`${path}: no branch for ${jsonType(value)}`];
  }
  if (Array.isArray(s.allOf)) {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return [];
    const parts = (s.allOf as Json[]).map((b) => resolveRef(b, root));
    const out: string[] = [];
    const memberSchema = (p: Json, key: string): Json | undefined => {
      const declared = (p.properties as Record<string, Json> | undefined)?.[key];
      if (declared) return declared;
      const extra = p.additionalProperties;
      return extra && typeof extra === "object" && Object.keys(extra).length > 0 ? (extra as Json) : undefined;
    };
    for (const [key, v] of Object.entries(value)) {
      const declaring = parts.map((p) => memberSchema(p, key)).filter((m): m is Json => m !== undefined);
      if (declaring.length === 0) out.push(`${path}.${key}`);
      for (const m of declaring) out.push(...undeclared(m, v, root, `${path}.${key}`));
    }
    return out;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return [];
    if (!s.items || typeof s.items !== "object") return [`${path}[]: items not described`];
    return value.flatMap((v, i) => undeclared(s.items as Json, v, root, `${path}[${i}]`));
  }
  if (value !== null && typeof value === "object") {
    const props = (s.properties ?? {}) as Record<string, Json>;
    const extra = s.additionalProperties;
    const out: string[] = [];
    for (const [key, v] of Object.entries(value)) {
      if (props[key]) out.push(...undeclared(props[key], v, root, `${path}.${key}`));
      else if (extra && typeof extra === "object" && Object.keys(extra).length > 0) out.push(...undeclared(extra as Json, v, root, `${path}.${key}`));
      else out.push(`${path}.${key}`);
    }
    return out;
  }
  return [];
}

function validatorFor(name: string): ValidateFunction {
  let v = validators.get(name);
  if (!v) {
    const schema = tools.get(name)?.outputSchema;
    expect(schema, `${name} declares no outputSchema`).toBeDefined();
    validators.set(name, (v = ajv.compile(schema!)));
  }
  return v;
}

/**
 * Checks one answer against its tool's listed schema; returns whether it carried
 * structuredContent. An answer that breaks the schema on the server side comes back as an
 * error, so a call that must answer may not be an error.
 */
function checkAnswer(name: string, args: Json, r: { structured: Json | undefined; isError: boolean; text: string }, want: Expect = "answer"): boolean {
  const { structured, isError } = r;
  const label = `${name} ${JSON.stringify(args)}`;
  expect(isError, `${label}: ${r.text}`).toBe(want === "error");
  if (isError) {
    expect(structured, `${label}: an error carries no structuredContent`).toBeUndefined();
    return false;
  }
  expect(structured, `${label}: no structuredContent`).toBeDefined();
  if (want === "entries") expect((structured!.results as unknown[]).length, `${label}: no entries`).toBeGreaterThan(0);
  if (Array.isArray(structured!.results)) {
    for (const k of Object.keys(structured!)) pageMembers.add(k);
    for (const e of structured!.results as Json[]) for (const k of Object.keys(e)) entryMembers.add(k);
  }
  const validate = validatorFor(name);
  expect(validate(structured), `${label}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  const full = detailedSchema(name);
  expect(ajv.validate(full, structured), `${label} (full shape): ${ajv.errorsText(ajv.errors)}`).toBe(true);
  expect(undeclared(full, structured, full), `${label}: members its output shape does not declare`).toEqual([]);
  return true;
}

const PRESETS = ["brief", "standard", "full"] as const;
const SEARCHES: readonly Call[] = [
  ["vndb_search_vn", { query: "ever17" }],
  ["vndb_search_release", { query: "ever17" }],
  ["vndb_search_producer", { query: "key" }],
  ["vndb_search_character", { query: "saber" }],
  ["vndb_search_staff", { query: "nakazawa" }],
  ["vndb_search_tag", { query: "romance" }],
  ["vndb_search_trait", { query: "tsundere" }],
  ["vndb_search_quote", { filters: { vn: "v17" } }],
  ["vndb_get_user_list", { user: "u2" }],
];

/**
 * Every field of an endpoint: its leaves, the leaves of its plain objects (image, titles …),
 * and of a nested entry its id and the members it adds (a relation's `relation`).
 */
function everyField(def: SchemaObject): string {
  return [...subFields(def)]
    .map(([name, sub]) => {
      if (sub === null) return name;
      if (sub.inherit !== undefined) return `${name}{${["id", ...Object.keys(sub.fields).filter((k) => sub.fields[k] === null)].join(",")}}`;
      return `${name}{${everyField(sub)}}`;
    })
    .join(",");
}
/** The query tools that take a per-call spoiler level. */
const SPOILER_TOOLS: ReadonlySet<string> = new Set(["vndb_search_vn", "vndb_search_character"]);
/** Without a search, pages start with the lowest ids, mostly the catalogue's hand-made rows, which hold most fields (releases: the rated ones). */
const EVERY_FIELD: readonly Call[] = SEARCHES.map(([tool]) => {
  const endpoint = (tool === "vndb_get_user_list" ? "ulist" : tool.replace("vndb_search_", "")) as keyof typeof API_FIELDS;
  const scope = endpoint === "ulist" ? { user: "u2" } : endpoint === "quote" ? { filters: { vn: "v17" } } : endpoint === "release" ? { filters: { minage: 18 } } : {};
  return [tool, { ...scope, fields: everyField(API_FIELDS[endpoint]), results: 4, ...(SPOILER_TOOLS.has(tool) ? { spoilers: 2 } : {}) }, "entries"] as const;
});

/** Typical and edge calls of every read tool. */
const READ_CALLS: readonly Call[] = [
  ...SEARCHES.flatMap(([tool, args]) => PRESETS.map((fields) => [tool, { ...args, fields }, "entries"] as const)),
  ...EVERY_FIELD,
  // Nested fields, several levels deep, through inherited entries.
  ["vndb_search_vn", { filters: { id: "v17" }, fields: "title,relations{title,relation,developers{name}},tags{name,rating,category},va{note,staff{name},character{name,vns{title,role}}},screenshots{url,dims,release{title,platforms}},staff{name,role,eid},editions{eid,lang,name},extlinks{url,label,name,id},image{url,dims,thumbnail_dims}", spoilers: 2 }],
  ["vndb_search_release", { query: "ever17", fields: "title,vns{title,rtype},producers{name,developer,publisher},languages{lang,title,latin,mtl,main},media{medium,qty},images{url,type,vn,languages,photo},resolution,gtin,voiced,minage,extlinks{url,name}" }],
  ["vndb_search_character", { query: "saber", fields: "name,original,sex,gender,birthday,blood_type,height,weight,cup,age,image{url,dims},traits{name,group_name,spoiler,lie},vns{title,role,spoiler,release{title}}", spoilers: 2 }],
  ["vndb_search_staff", { query: "nakazawa", fields: "name,original,aid,ismain,gender,lang,aliases{aid,name,latin,ismain},extlinks{url,label}" }],
  ["vndb_search_quote", { filters: { vn: "v17" }, fields: "quote,score,vn{title,relations{title}},character{name,image{url}}" }],
  ["vndb_get_user_list", { user: "u2", fields: "vote,voted,added,lastmod,started,finished,notes,labels{id,label},vn{title,alttitle,developers{name}},releases{title,list_status}", sort: "vote", reverse: true }],
  ["vndb_get_user_list", {}],
  // Names in filters (resolved), counts, later pages, nested list options.
  ["vndb_search_vn", { filters: { developer: "Key" }, count: true, results: 3, page: 2 }],
  // A long page of one VN's releases: counts per platform and per type.
  ["vndb_search_release", { filters: { vn: "v21905" }, fields: "title,platforms", results: 20 }],
  // Newest first where no match has a date (the sample's Liar-soft): the newest-added stand-in.
  ["vndb_search_vn", { filters: { developer: "p29" }, fields: "title", sort: "released", reverse: true, results: 3 }],
  ["vndb_search_vn", { filters: { id: "v17" }, fields: "title,tags[category=cont,min_rating=2,limit=3]{name,rating}" }],
  // Empty answers: nothing matches; a misspelling that falls back to the closest name.
  ["vndb_search_vn", { query: "zzzqqxxnothing" }],
  ["vndb_search_vn", { query: "evr17" }],
  ["vndb_search_tag", { query: "zzzqqxxnothing" }],
  ["vndb_get_user_list", { user: "u2", filters: { id: "v99999" } }],
  // The simple GETs, each slice of the schema, the list tools.
  ["vndb_get_stats", {}],
  ["vndb_get_auth_info", {}],
  ["vndb_get_user", { users: ["yorhel", "u2", "no-such-user-here"] }],
  ["vndb_get_user", { users: ["u2"], lengthvotes: true }],
  ["vndb_get_schema", {}],
  ["vndb_get_schema", { endpoint: "vn" }],
  ["vndb_get_schema", { list: "platform" }],
  ["vndb_get_schema", { list: "language" }],
  ["vndb_get_schema", { list: "medium" }],
  ["vndb_get_schema", { list: "staff_role" }],
  ["vndb_get_schema", { list: "extlinks", endpoint: "staff" }],
  ["vndb_list_labels", {}],
  ["vndb_list_labels", { user: "u2" }],
  ["vndb_list_insight", {}],
  ["vndb_list_insight", { user: "u2" }],
  ["vndb_recommend", { like: ["v6540"] }],
  // u2's best-voted VNs have no tags in the sample: picks by shared developers, staff and relations.
  ["vndb_recommend", {}],
  // Errors: bad input and an unknown id carry no structuredContent.
  ["vndb_search_vn", { fields: "nosuchfield" }, "error"],
  ["vndb_get_user", { users: [] }, "error"],
  ["vndb_search_vn", { query: "" }, "error"],
];

/** Writes, in order (each step sees the list the previous one left). */
const WRITE_CALLS: readonly Call[] = [
  ["vndb_update_list_entry", { vn: "v17", labels_set: ["Finished"], vote: 9, notes: "contract test", started: "2020-01-02" }],
  ["vndb_update_list_entry", { vn: "v17", labels_unset: ["Finished"] }],
  ["vndb_update_list_entry", { vn: "v17", vote: null }],
  ["vndb_remove_list_entry", { vn: "v17" }],
  ["vndb_remove_list_entry", { vn: "v17", confirm: true }],
  ["vndb_remove_list_entry", { vn: "v17", confirm: true }],
  ["vndb_update_release_entry", { release: "r1001", status: "obtained" }],
  ["vndb_update_release_entry", { release: "r1001", status: "on_loan" }],
  ["vndb_remove_release_entry", { release: "r1001" }],
  ["vndb_remove_release_entry", { release: "r1001", confirm: true }],
  ["vndb_remove_release_entry", { release: "r1001", confirm: true }],
];

const answered = new Set<string>();
/** Top-level members seen in query answers, and members seen inside entries: what the cases exercised. */
const pageMembers = new Set<string>();
const entryMembers = new Set<string>();

describe("every answer validates against its tool's outputSchema", () => {
  it("the field-type table names exactly the leaves of the field tree", () => {
    expect(Object.keys(LEAF_TYPES).sort()).toEqual(treeLeaves().sort());
  });

  it.each(READ_CALLS.map(([tool, args, want]) => [tool, JSON.stringify(args), args, want] as const))("%s %s", async (tool, _label, args, want) => {
    const r = await writer.call(tool, args);
    if (checkAnswer(tool, args, r, want)) answered.add(tool);
  });

  it("size-capped pages (entries cut, left out, continued)", async () => {
    for (const args of [
      { query: "a", fields: "full", results: 25 },
      { filters: { developer: "Key" }, fields: "standard", results: 40 },
      // One VN with a long tag list: the list is shortened (truncated_lists) before any entry goes.
      { filters: { id: "v6540" }, fields: "title,tags{name,rating,category,spoiler}", spoilers: 2 },
    ]) {
      const r = await tight.call("vndb_search_vn", args);
      expect(r.isError, r.text).toBe(false);
      expect(r.structured?.omitted ?? r.structured?.notes, `${JSON.stringify(args)} was not cut`).toBeDefined();
      checkAnswer("vndb_search_vn", args, r, "entries");
    }
  });

  it("recommendations with picks (no token, so none is dropped as already listed)", async () => {
    const r = await tight.call("vndb_recommend", { like: ["v6540"] });
    checkAnswer("vndb_recommend", { like: ["v6540"] }, r);
    expect((r.structured!.picks as unknown[]).length).toBeGreaterThan(0);
  });

  it("the list writes, step by step", async () => {
    for (const [tool, args] of WRITE_CALLS) {
      const r = await writer.call(tool, args);
      if (checkAnswer(tool, args, r)) answered.add(tool);
    }
  });

  it("a removal the user declines", async () => {
    await decliner.call("vndb_update_list_entry", { vn: "v17", vote: 8 });
    const r = await decliner.call("vndb_remove_list_entry", { vn: "v17", confirm: true });
    expect(r.structured).toMatchObject({ removed: false, confirmed: false });
    checkAnswer("vndb_remove_list_entry", { vn: "v17", confirm: true }, r);
  });

  it("the app-only tools behind the MCP App views", async () => {
    for (const [name, args] of [
      ["vndb_vn_cards", { ids: ["v17", "v4", "v999999"] }],
      ["vndb_vn_sheet", { id: "v4" }],
      ["vndb_vn_sheet", { id: "v17" }],
    ] as const) {
      const r = await writer.call(name, args);
      if (checkAnswer(name, args as Json, r)) answered.add(name);
    }
  });

  it("covers every tool with at least one structured answer", () => {
    expect([...answered].sort()).toEqual([...tools.keys()].sort());
  });

  it("exercised every member of a query page, and what the tools add to entries", () => {
    const page = new Set([...tools.values()].filter((t) => t.name.startsWith("vndb_search_")).flatMap((t) => Object.keys(t.outputSchema!.properties as Json)));
    expect([...pageMembers].sort()).toEqual([...page].sort());
    for (const added of ["url", "truncated_lists"]) expect([...entryMembers]).toContain(added);
  });
});

describe("the schemas themselves", () => {
  it("compile under strict draft-07 and 2020-12 validators (a 2026 client reads an undeclared dialect as 2020-12)", () => {
    for (const strict of [new Ajv({ strict: true }), new Ajv2020({ strict: true })]) {
      for (const t of tools.values()) expect(() => strict.compile(t.outputSchema!), t.name).not.toThrow();
    }
  });
});

describe("the check itself", () => {
  const vnAnswer = async () => (await writer.call("vndb_search_vn", { filters: { id: "v17" }, fields: "title,relations{title,relation},image{url,dims}" })).structured!;

  it("fails a frame: `results` declared only as an array", async () => {
    const frame = { type: "object", properties: { results: { type: "array" }, more: { type: "boolean" } } };
    const answer = await vnAnswer();
    expect(ajv.validate(frame, answer)).toBe(true); // a frame accepts anything ...
    expect(undeclared(frame, answer, frame)).toContain("$.results[]: items not described"); // ... which the contract check refuses
  });

  it("fails a schema whose entry lacks a member the answer has, or types it wrongly", async () => {
    const schema = structuredClone(detailedSchema("vndb_search_vn"));
    const vn = (schema.definitions as Record<string, Json>).vndb_vn!;
    const props = vn.properties as Record<string, Json>;
    const answer = await vnAnswer();
    delete props.relations;
    expect(undeclared(schema, answer, schema)).toContain("$.results[0].relations");
    props.title = { type: "integer" };
    expect(ajv.validate(schema, answer)).toBe(false);
  });
});
