// The User-Agent every request to VNDB carries. VNDB's API usage terms ask clients to
// identify themselves so its operators can tell who is sending traffic; the project name
// and version is what they need. No homepage is named until the project has a public one.

/** Package name, as in package.json. */
export const PACKAGE_NAME = "vndb-mcp-server";

/**
 * Package version. Kept as a literal (not read from package.json) because the build's
 * rootDir is src/ and the bundled server has no package.json beside it; a test fails
 * when the two drift apart.
 */
export const PACKAGE_VERSION = "0.1.0";

/**
 * `vndb-mcp-server/0.1.0 (VNDB Kana client; Node.js v20.20.2)`. `extra` lets an embedding
 * application name itself after ours (line breaks are removed: header injection).
 */
export function userAgent(extra?: string): string {
  const base = `${PACKAGE_NAME}/${PACKAGE_VERSION} (VNDB Kana client; Node.js ${process.version})`;
  const suffix = extra?.replace(/[\r\n]+/g, " ").trim();
  return suffix ? `${base} ${suffix}` : base;
}
