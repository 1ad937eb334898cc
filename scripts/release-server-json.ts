// npm run release:server-json: makes server.json (the MCP Registry entry) describe the
// release being made: the version from package.json in the entry and both packages, the
// `.mcpb` package's download URL for the tag v<version>, and its SHA-256, computed from the
// bundle that will be attached to that GitHub release. Run after `npm run bundle`, before
// `mcp-publisher publish`, in the release commit (CONTRIBUTING.md, "Release"). Until the
// first release the committed fileSha256 is all zeros: no bundle has been published yet.
//
//   tsx scripts/release-server-json.ts [dist/vndb-mcp.mcpb]          write server.json
//   tsx scripts/release-server-json.ts --check [dist/vndb-mcp.mcpb]  exit 1 unless it matches

import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const SERVER_JSON = join(root, "server.json");
const DEFAULT_BUNDLE = join(root, "dist", "vndb-mcp.mcpb");
/** The GitHub releases the bundle is attached to (package.json repository). */
const RELEASES = "https://github.com/vndb-mcp/vndb-mcp-server/releases/download";
/** The bundle's file name, as `npm run bundle` writes it. */
export const BUNDLE_FILE = "vndb-mcp.mcpb";
/** fileSha256 before the first release (the registry's pattern needs 64 hex digits). */
export const UNRELEASED_SHA256 = "0".repeat(64);

interface RegistryPackage {
  registryType: string;
  identifier: string;
  version?: string;
  fileSha256?: string;
}
export interface ServerJson {
  version: string;
  packages: RegistryPackage[];
}

export const sha256Of = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

/** The download URL of a version's bundle on its GitHub release. */
export const bundleUrl = (version: string): string => `${RELEASES}/v${version}/${BUNDLE_FILE}`;

/** server.json for `version`, whose bundle has the SHA-256 `sha`. */
export function forRelease(entry: ServerJson, version: string, sha: string): ServerJson {
  return {
    ...entry,
    version,
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
  const wanted = forRelease(current, version, sha256Of(bytes));
  const text = `${JSON.stringify(wanted, null, 2)}\n`;
  if (check) {
    if (JSON.stringify(current) === JSON.stringify(wanted)) return 0;
    process.stderr.write(`server.json does not describe ${bundle} as release v${version}: run npm run release:server-json\n`);
    return 1;
  }
  writeFileSync(SERVER_JSON, text);
  process.stdout.write(`server.json: v${version}, ${BUNDLE_FILE} sha256 ${wanted.packages.find((p) => p.registryType === "mcpb")?.fileSha256}\n`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
