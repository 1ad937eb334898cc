// npm run release:server-json: makes server.json (the MCP Registry entry) describe the
// release being made: the version from package.json in the entry and both packages, the
// `.mcpb` package's download URL for the tag v<version>, and its SHA-256, computed from the
// bundle that will be attached to that GitHub release, with the day that bundle was built as
// of (the bundle is reproducible from the source and that day: scripts/reproducible-zip.ts).
// Run after `npm run bundle`, before `mcp-publisher publish`, in the release commit
// (CONTRIBUTING.md, "Release"), and after any change that changes the bundle: the bundle
// test rebuilds it as of the recorded day and fails unless the sum is the committed one.
//
//   tsx scripts/release-server-json.ts [dist/vndb-mcp.mcpb]          write server.json
//   tsx scripts/release-server-json.ts --check [dist/vndb-mcp.mcpb]  exit 1 unless it matches

import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { stampedDay } from "./reproducible-zip.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const SERVER_JSON = join(root, "server.json");
const DEFAULT_BUNDLE = join(root, "dist", "vndb-mcp.mcpb");
/** The GitHub releases the bundle is attached to (package.json repository). */
const RELEASES = "https://github.com/vndb-mcp/vndb-mcp-server/releases/download";
/** The bundle's file name, as `npm run bundle` writes it. */
export const BUNDLE_FILE = "vndb-mcp.mcpb";
/** fileSha256 of no bundle at all (what the entry carried before bundles were reproducible). */
export const UNRELEASED_SHA256 = "0".repeat(64);
/** The registry's key for what the publisher adds to an entry (server.schema.json `_meta`). */
export const PUBLISHER_META = "io.modelcontextprotocol.registry/publisher-provided";

interface RegistryPackage {
  registryType: string;
  identifier: string;
  version?: string;
  fileSha256?: string;
}
export interface ServerJson {
  version: string;
  packages: RegistryPackage[];
  _meta?: Record<string, Record<string, unknown>>;
}

/** The day the entry's bundle was built as of (`npm run bundle -- --date <day>` rebuilds it). */
export const bundleDayOf = (entry: ServerJson): string | undefined => entry._meta?.[PUBLISHER_META]?.["bundleBuiltAsOf"] as string | undefined;

export const sha256Of = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

/** The download URL of a version's bundle on its GitHub release. */
export const bundleUrl = (version: string): string => `${RELEASES}/v${version}/${BUNDLE_FILE}`;

/** server.json for `version`, whose bundle, built as of `day`, has the SHA-256 `sha`. */
export function forRelease(entry: ServerJson, version: string, sha: string, day: string): ServerJson {
  return {
    ...entry,
    version,
    _meta: { ...entry._meta, [PUBLISHER_META]: { ...entry._meta?.[PUBLISHER_META], bundleBuiltAsOf: day } },
    packages: entry.packages.map((p) =>
      p.registryType === "mcpb" ? { ...p, identifier: bundleUrl(version), version, fileSha256: sha } : { ...p, version },
    ),
  };
}

function main(args: string[]): number {
  const check = args.includes("--check");
  const bundle = resolve(args.find((a) => !a.startsWith("--")) ?? DEFAULT_BUNDLE);
  let bytes: Buffer;
  try {
    bytes = readFileSync(bundle);
  } catch {
    process.stderr.write(`No bundle at ${bundle}: run npm run bundle first.\n`);
    return 2;
  }
  const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
  const current = JSON.parse(readFileSync(SERVER_JSON, "utf8")) as ServerJson;
  let day: string;
  try {
    day = stampedDay(bytes);
  } catch (error) {
    process.stderr.write(`${bundle}: ${(error as Error).message}\n`);
    return 2;
  }
  const wanted = forRelease(current, version, sha256Of(bytes), day);
  const text = `${JSON.stringify(wanted, null, 2)}\n`;
  if (check) {
    if (JSON.stringify(current) === JSON.stringify(wanted)) return 0;
    process.stderr.write(`server.json does not describe ${bundle} as release v${version}: run npm run release:server-json\n`);
    return 1;
  }
  writeFileSync(SERVER_JSON, text);
  process.stdout.write(`server.json: v${version}, ${BUNDLE_FILE} as of ${day}, sha256 ${wanted.packages.find((p) => p.registryType === "mcpb")?.fileSha256}\n`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
