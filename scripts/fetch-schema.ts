// Fetches a live GET /schema and writes it as src/schema/snapshot.json in canonical form
// (keys sorted at every level, extlink arrays sorted by name, enum order kept), so that a
// refresh shows up in review as a content diff only. Never run by tests or CI: it needs the
// network. Afterwards run `npm run gen`.
//
//   tsx scripts/fetch-schema.ts [url] [--out path]
//   url defaults to https://api.vndb.org/kana/schema
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { request } from "undici";
import { canonicalizeSnapshot, SNAPSHOT_PATH } from "./generate.js";

export const DEFAULT_SCHEMA_URL = "https://api.vndb.org/kana/schema";
/** GET /schema is computed once per server process and is small; 30 s is generous. */
export const FETCH_TIMEOUT_MS = 30_000;

/** Fetches /schema from `url` and returns the canonical snapshot text (ending in a newline). */
export async function fetchSchemaSnapshot(url: string): Promise<string> {
  const response = await request(url, {
    method: "GET",
    headers: { accept: "application/json", "user-agent": "vndb-mcp fetch-schema" },
    headersTimeout: FETCH_TIMEOUT_MS,
    bodyTimeout: FETCH_TIMEOUT_MS,
  });
  const text = await response.body.text();
  if (response.statusCode !== 200) {
    throw new Error(`GET ${url} answered ${response.statusCode}: ${text.slice(0, 200).trim()}`);
  }
  const canonical = canonicalizeSnapshot(JSON.parse(text));
  for (const key of ["api_fields", "enums", "extlinks"]) {
    if (!(key in canonical)) throw new Error(`GET ${url} returned no "${key}": is this a Kana /schema?`);
  }
  return `${JSON.stringify(canonical, null, 2)}\n`;
}

async function main(argv: string[]): Promise<number> {
  const outIndex = argv.indexOf("--out");
  const out = outIndex >= 0 ? argv[outIndex + 1] : SNAPSHOT_PATH;
  const url = argv.find((a, i) => !a.startsWith("--") && (outIndex < 0 || i !== outIndex + 1)) ?? DEFAULT_SCHEMA_URL;
  writeFileSync(out, await fetchSchemaSnapshot(url));
  process.stdout.write(`wrote ${out}; now run \`npm run gen\`\n`);
  return 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (err: unknown) => {
      process.stderr.write(`fetch-schema: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    },
  );
}
