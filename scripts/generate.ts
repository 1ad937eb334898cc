// Turns the committed GET /schema snapshot (src/schema/snapshot.json) into
// src/schema/generated.ts: enums, per-endpoint field trees (with `_inherit` kept as a
// reference, resolved lazily by src/schema/index.ts) and extlink sites.
//
//   tsx scripts/generate.ts          write src/schema/generated.ts
//   tsx scripts/generate.ts --check  regenerate in memory, exit 1 if the committed file differs
//
// The output depends only on the snapshot's content, never on its key order, the order of
// extlink arrays (the live service emits those in arbitrary per-process order), the clock
// or the machine, so the same snapshot always yields the same bytes.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { dirname, join, relative } from "node:path";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
export const SNAPSHOT_PATH = join(repoRoot, "src", "schema", "snapshot.json");
export const GENERATED_PATH = join(repoRoot, "src", "schema", "generated.ts");

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface EnumEntry {
  id: string;
  label: string;
  plural?: string | null;
}
interface ExtlinkEntry {
  name: string;
  label: string;
  url_format: string;
}

/** Thrown for a snapshot that does not have the shape GET /schema returns. */
export class SnapshotError extends Error {}

function isObject(value: unknown): value is { [key: string]: Json } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The canonical form of a snapshot: object keys sorted at every level and each extlinks
 * array sorted by site name. Enum arrays keep their order: it is VNDB's source definition
 * order (reference §4.1), which is information, not noise.
 */
export function canonicalizeSnapshot(snapshot: unknown): { [key: string]: Json } {
  if (!isObject(snapshot)) throw new SnapshotError("snapshot is not a JSON object");
  const sorted = sortKeys(snapshot) as { [key: string]: Json };
  const extlinks = sorted.extlinks;
  if (isObject(extlinks)) {
    for (const key of Object.keys(extlinks)) {
      const list = extlinks[key];
      if (!Array.isArray(list)) throw new SnapshotError(`extlinks.${key} is not an array`);
      extlinks[key] = [...list].sort((a, b) => compareStrings(siteName(a), siteName(b)));
    }
  }
  return sorted;
}

function siteName(entry: Json): string {
  return isObject(entry) && typeof entry.name === "string" ? entry.name : "";
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sortKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (isObject(value)) {
    const out: { [key: string]: Json } = {};
    for (const key of Object.keys(value).sort(compareStrings)) out[key] = sortKeys(value[key]);
    return out;
  }
  return value;
}

/** sha256 of the canonical snapshot serialised without whitespace. */
export function snapshotDigest(canonical: { [key: string]: Json }): string {
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex");
}

const str = (s: string): string => JSON.stringify(s);

/** A property key as TypeScript source: bare when it is a plain identifier. */
function key(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : str(name);
}

/** "/vn" → "vn"; refuses anything that is not a slash-prefixed lowercase name. */
function endpointName(path: string): string {
  const m = /^\/([a-z_]+)$/.exec(path);
  if (!m) throw new SnapshotError(`unexpected endpoint path ${str(path)}`);
  return m[1];
}

function constName(enumName: string): string {
  return enumName.toUpperCase();
}

function typeName(enumName: string): string {
  return enumName
    .split("_")
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join("");
}

function readEnum(name: string, value: Json): EnumEntry[] {
  if (!Array.isArray(value)) throw new SnapshotError(`enums.${name} is not an array`);
  return value.map((entry, i) => {
    if (!isObject(entry) || typeof entry.id !== "string" || typeof entry.label !== "string") {
      throw new SnapshotError(`enums.${name}[${i}] lacks a string id/label`);
    }
    const out: EnumEntry = { id: entry.id, label: entry.label };
    if ("plural" in entry) {
      if (entry.plural !== null && typeof entry.plural !== "string") {
        throw new SnapshotError(`enums.${name}[${i}].plural is neither string nor null`);
      }
      out.plural = entry.plural;
    }
    return out;
  });
}

function renderEnum(name: string, entries: EnumEntry[]): string {
  const hasPlural = entries.some((e) => e.plural !== undefined);
  const C = constName(name);
  const T = typeName(name);
  const lines: string[] = [];
  lines.push(`/** enums.${name}: ${entries.length} entries, in VNDB's definition order. */`);
  lines.push(`export const ${C} = [`);
  for (const e of entries) {
    const plural = hasPlural ? `, plural: ${e.plural == null ? "null" : str(e.plural)}` : "";
    lines.push(`  { id: ${str(e.id)}, label: ${str(e.label)}${plural} },`);
  }
  lines.push(`] as const;`);
  lines.push(`export type ${T} = (typeof ${C})[number]["id"];`);
  lines.push(`export const ${C}_IDS = [`);
  lines.push(...wrapList(entries.map((e) => str(e.id)), "  "));
  lines.push(`] as const satisfies readonly ${T}[];`);
  return lines.join("\n");
}

/** Comma-separated items packed into lines of at most ~100 characters. */
function wrapList(items: string[], indent: string): string[] {
  const lines: string[] = [];
  let line = "";
  for (const item of items) {
    const piece = `${item},`;
    if (line !== "" && indent.length + line.length + 1 + piece.length > 100) {
      lines.push(indent + line);
      line = piece;
    } else {
      line = line === "" ? piece : `${line} ${piece}`;
    }
  }
  if (line !== "") lines.push(indent + line);
  return lines;
}

function renderFieldObject(path: string, value: { [key: string]: Json }, indent: string): string[] {
  const lines: string[] = [];
  const inner = indent + "  ";
  const inherit = value._inherit;
  if (inherit !== undefined) {
    if (typeof inherit !== "string") throw new SnapshotError(`${path}._inherit is not a string`);
    lines.push(`${inner}inherit: ${str(endpointName(inherit))},`);
  }
  lines.push(`${inner}fields: {`);
  for (const name of Object.keys(value)) {
    if (name === "_inherit") continue;
    const sub = value[name];
    if (sub === null) {
      lines.push(`${inner}  ${key(name)}: null,`);
    } else if (isObject(sub)) {
      lines.push(`${inner}  ${key(name)}: {`);
      lines.push(...renderFieldObject(`${path}.${name}`, sub, inner + "  "));
      lines.push(`${inner}  },`);
    } else {
      throw new SnapshotError(`${path}.${name} is neither null nor an object`);
    }
  }
  lines.push(`${inner}},`);
  return lines;
}

/** The complete text of src/schema/generated.ts for a snapshot. */
export function renderGenerated(snapshot: unknown): string {
  const canonical = canonicalizeSnapshot(snapshot);
  const digest = snapshotDigest(canonical);
  const { api_fields: apiFields, enums, extlinks } = canonical;
  if (!isObject(apiFields)) throw new SnapshotError("api_fields is not an object");
  if (!isObject(enums)) throw new SnapshotError("enums is not an object");
  if (!isObject(extlinks)) throw new SnapshotError("extlinks is not an object");

  const out: string[] = [];
  out.push(
    "// DO NOT EDIT. Generated by scripts/generate.ts (`npm run gen`) from src/schema/snapshot.json,",
    `// canonical sha256 ${digest}.`,
    "// `npm run gen:check` fails when this file and the snapshot disagree.",
    "",
    "/** An object-valued field: its own sub-fields plus, optionally, every field of another endpoint. */",
    "export interface SchemaObject {",
    "  /** `_inherit` of GET /schema, without the slash: all fields of that endpoint are available too. */",
    "  readonly inherit?: SchemaEndpoint;",
    "  /** Own sub-fields (for inheriting objects: only the extras). null marks a leaf. */",
    "  readonly fields: { readonly [name: string]: SchemaObject | null };",
    "}",
    "",
  );

  // Enums.
  for (const name of Object.keys(enums)) {
    out.push(renderEnum(name, readEnum(name, enums[name])), "");
  }

  // Field trees.
  const endpoints = Object.keys(apiFields).map(endpointName);
  out.push(`/** The POST query endpoints GET /schema describes, by path without the slash. */`);
  out.push(`export const SCHEMA_ENDPOINTS = [${endpoints.map(str).join(", ")}] as const;`);
  out.push(`export type SchemaEndpoint = (typeof SCHEMA_ENDPOINTS)[number];`, "");
  out.push(`/** api_fields: each endpoint's selectable fields; \`inherit\` links are references, never expanded. */`);
  out.push(`export const API_FIELDS: { readonly [E in SchemaEndpoint]: SchemaObject } = {`);
  for (const path of Object.keys(apiFields)) {
    const tree = apiFields[path];
    if (!isObject(tree)) throw new SnapshotError(`api_fields.${path} is not an object`);
    out.push(`  ${key(endpointName(path))}: {`);
    out.push(...renderFieldObject(`api_fields.${path}`, tree, "  "));
    out.push(`  },`);
  }
  out.push(`};`, "");

  // Extlink sites.
  out.push(`/** One filterable/parsable external-link site (extlinks of GET /schema). */`);
  out.push(`export interface ExtlinkSiteInfo {`);
  out.push(`  readonly name: string;`);
  out.push(`  readonly label: string;`);
  out.push(`  /** printf-style template (%s / %d) as VNDB formats the site's URLs. */`);
  out.push(`  readonly urlFormat: string;`);
  out.push(`}`, "");
  const extlinkEndpoints = Object.keys(extlinks).map(endpointName);
  out.push(`/** Entities with extlink sites (there is no /character entry). */`);
  out.push(`export const EXTLINK_ENTITIES = [${extlinkEndpoints.map(str).join(", ")}] as const;`);
  out.push(`export type ExtlinkEntity = (typeof EXTLINK_ENTITIES)[number];`, "");
  out.push(`/** extlinks: sites per entity, sorted by name. */`);
  out.push(`export const EXTLINK_SITES = {`);
  const siteTypes: string[] = [];
  for (const path of Object.keys(extlinks)) {
    const list = extlinks[path] as Json[];
    const entity = endpointName(path);
    out.push(`  ${key(entity)}: [`);
    list.forEach((entry, i) => {
      if (
        !isObject(entry) ||
        typeof entry.name !== "string" ||
        typeof entry.label !== "string" ||
        typeof entry.url_format !== "string"
      ) {
        throw new SnapshotError(`extlinks.${path}[${i}] lacks a string name/label/url_format`);
      }
      const e = entry as unknown as ExtlinkEntry;
      out.push(`    { name: ${str(e.name)}, label: ${str(e.label)}, urlFormat: ${str(e.url_format)} },`);
    });
    out.push(`  ],`);
    siteTypes.push(
      `export type ${typeName(entity)}ExtlinkSite = (typeof EXTLINK_SITES)[${str(entity)}][number]["name"];`,
    );
  }
  out.push(`} as const satisfies { readonly [E in ExtlinkEntity]: readonly ExtlinkSiteInfo[] };`, "");
  out.push(...siteTypes, "");
  return out.join("\n");
}

/** Reads and parses the committed snapshot. */
export function readSnapshot(path = SNAPSHOT_PATH): unknown {
  return JSON.parse(readFileSync(path, "utf8"));
}

/**
 * Compares a generated file with what the snapshot yields. Returns null when they agree,
 * otherwise a message naming the first differing line.
 */
export function checkGenerated(snapshotPath = SNAPSHOT_PATH, generatedPath = GENERATED_PATH): string | null {
  const expected = renderGenerated(readSnapshot(snapshotPath));
  let actual: string;
  try {
    actual = readFileSync(generatedPath, "utf8");
  } catch {
    return `${relative(process.cwd(), generatedPath)} is missing; run \`npm run gen\`.`;
  }
  if (actual === expected) return null;
  const a = actual.split("\n");
  const e = expected.split("\n");
  let line = 0;
  while (line < a.length && line < e.length && a[line] === e[line]) line++;
  return (
    `${relative(process.cwd(), generatedPath)} is out of date with ${relative(process.cwd(), snapshotPath)} ` +
    `(first difference at line ${line + 1}). It is generated: do not edit it by hand; run \`npm run gen\`.`
  );
}

function main(argv: string[]): number {
  const check = argv.includes("--check");
  const snapshotPath = argValue(argv, "--snapshot") ?? SNAPSHOT_PATH;
  const generatedPath = argValue(argv, "--out") ?? GENERATED_PATH;
  if (check) {
    const problem = checkGenerated(snapshotPath, generatedPath);
    if (problem !== null) {
      process.stderr.write(`gen:check: ${problem}\n`);
      return 1;
    }
    process.stdout.write(`gen:check: ${relative(process.cwd(), generatedPath)} is up to date.\n`);
    return 0;
  }
  writeFileSync(generatedPath, renderGenerated(readSnapshot(snapshotPath)));
  process.stdout.write(`wrote ${relative(process.cwd(), generatedPath)}\n`);
  return 0;
}

function argValue(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
