// server.json, the MCP Registry entry (schema 2025-12-11), must say what package.json and
// manifest.json say: the same name (mcpName), version, description and settings. Its
// environment variables are the README's settings, each default is the server's real
// default, and the `.mcpb` package points at the release asset that
// `npm run release:server-json` fills in (CONTRIBUTING.md, "Release").
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bundleDayOf, bundleUrl, forRelease, sha256Of, UNRELEASED_SHA256, type ServerJson } from "../../scripts/release-server-json.js";
import { resolveAuthSetup } from "../../src/auth/options.js";
import { loadConfig } from "../../src/server/config.js";
import { OFFLINE_SAMPLE_VNS, OFFLINE_SAMPLE_YEARS } from "../../src/server/offline-sample.js";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");
const pkg = JSON.parse(read("package.json"));
const manifest = JSON.parse(read("manifest.json"));
const entry = JSON.parse(read("server.json"));
const readme = read("README.md");

/** The registry schema's limits (server.schema.json of 2025-12-11). */
const SCHEMA_URL = "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json";
const NAME_PATTERN = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;
const MAX_DESCRIPTION = 100;
const SHA256_PATTERN = /^[a-f0-9]{64}$/;
const FORMATS = ["string", "number", "boolean", "filepath"];

interface EnvVar {
  name: string;
  description: string;
  format: string;
  isRequired?: boolean;
  isSecret?: boolean;
  default?: string;
  choices?: string[];
}

const npmPackage = entry.packages.find((p: { registryType: string }) => p.registryType === "npm");
const bundlePackage = entry.packages.find((p: { registryType: string }) => p.registryType === "mcpb");
const envVars: EnvVar[] = npmPackage.environmentVariables;
const defaultConfig = loadConfig([], {});

/** The environment variables of the README's settings table, in order. */
function readmeSettings(): string[] {
  const section = readme.slice(readme.indexOf("## Settings"), readme.indexOf("\n## ", readme.indexOf("## Settings") + 5));
  return [...section.matchAll(/^\| `(VNDB_[A-Z_]+)/gm)].map((m) => m[1]!);
}

describe("server.json", () => {
  it("is a registry entry of the 2025-12-11 schema named by package.json's mcpName", () => {
    expect(entry.$schema).toBe(SCHEMA_URL);
    expect(entry.name).toMatch(NAME_PATTERN);
    expect(entry.name).toBe(pkg.mcpName);
    // io.github.<owner>/… is verified against the GitHub owner of the repository.
    const owner = /github\.com\/([^/]+)\//.exec(pkg.repository.url)?.[1];
    expect(entry.name).toBe(`io.github.${owner}/${pkg.name}`);
    expect(entry.repository).toEqual({ url: manifest.repository.url, source: "github" });
  });

  it("has package.json's and manifest.json's version and description, and the bundle's display name", () => {
    expect(entry.version).toBe(pkg.version);
    expect(manifest.version).toBe(pkg.version);
    expect(entry.description.length).toBeLessThanOrEqual(MAX_DESCRIPTION);
    expect(entry.description).toBe(pkg.description);
    expect(manifest.description).toBe(pkg.description);
    expect(entry.title).toBe(manifest.display_name);
  });

  it("offers the npm package over stdio at package.json's name and version", () => {
    expect(npmPackage).toMatchObject({ registryBaseUrl: "https://registry.npmjs.org", identifier: pkg.name, version: pkg.version, transport: { type: "stdio" } });
    expect(pkg.bin[pkg.name]).toBeDefined();
  });

  it("names the README's settings as the npm package's environment variables", () => {
    expect(envVars.map((v) => v.name)).toEqual(readmeSettings());
    for (const v of envVars) {
      expect(FORMATS, v.name).toContain(v.format);
      expect(v.description.length, v.name).toBeGreaterThan(0);
      expect(v.isRequired ?? false, v.name).toBe(false);
      expect(v.isSecret ?? false, v.name).toBe(v.name === "VNDB_TOKEN");
    }
  });

  it("gives each variable's real default: setting it changes nothing", () => {
    for (const v of envVars.filter((e) => e.default !== undefined)) {
      expect(loadConfig([], { [v.name]: v.default }), v.name).toEqual(defaultConfig);
    }
    // Every setting has a default to show but the token, the mirror's folder (none), and the
    // mirror's refresh and age limit, whose defaults depend on the transport or have no
    // setting that leaves the configuration as it is (their descriptions say them).
    expect(envVars.filter((e) => e.default === undefined).map((e) => e.name)).toEqual(["VNDB_TOKEN", "VNDB_MIRROR", "VNDB_MIRROR_REFRESH", "VNDB_MIRROR_MAX_AGE"]);
  });

  it("lists choices the server accepts, and only those", () => {
    for (const v of envVars.filter((e) => e.choices !== undefined)) {
      for (const choice of v.choices!) expect(loadConfig([], { [v.name]: choice }).kind, `${v.name}=${choice}`).toBe("run");
      expect(loadConfig([], { [v.name]: "9" }).kind, `${v.name}=9`).toBe("error");
    }
  });

  it("covers every setting of the Claude Desktop bundle with the same type and default", () => {
    const env: Record<string, string> = manifest.server.mcp_config.env;
    for (const [name, value] of Object.entries(env)) {
      const key = /^\$\{user_config\.(\w+)\}$/.exec(value)![1]!;
      const setting = manifest.user_config[key];
      const v = envVars.find((e) => e.name === name);
      expect(v, name).toBeDefined();
      expect(v!.format, name).toBe(setting.type);
      expect(v!.isSecret ?? false, name).toBe(setting.sensitive ?? false);
      expect(v!.default, name).toBe(setting.default === undefined ? undefined : String(setting.default));
      if (setting.min !== undefined) expect(v!.choices?.map(Number), name).toEqual(Array.from({ length: setting.max - setting.min + 1 }, (_, i) => setting.min + i));
    }
  });

  it("offers the Claude Desktop bundle as the release asset of this version, with a SHA-256", () => {
    expect(bundlePackage).toMatchObject({ identifier: bundleUrl(pkg.version), version: pkg.version, transport: { type: "stdio" } });
    // The registry accepts an .mcpb only from a URL that contains "mcp".
    expect(bundlePackage.identifier).toContain("mcp");
    expect(bundlePackage.fileSha256).toMatch(SHA256_PATTERN);
  });

  it("carries a real SHA-256 and the day its bundle was built as of (test/package/bundle.test.ts rebuilds and compares)", () => {
    expect(bundlePackage.fileSha256, "run npm run bundle && npm run release:server-json").not.toBe(UNRELEASED_SHA256);
    expect(bundleDayOf(entry as ServerJson)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("offers the hosted connector as a remote: streamable HTTP at the MCP endpoint of a host the deployer names", () => {
    expect(entry.remotes).toHaveLength(1);
    const remote = entry.remotes[0];
    expect(remote.type).toBe("streamable-http");
    // Every {variable} in the URL is declared, required and described; no other is declared.
    const used = [...remote.url.matchAll(/\{(\w+)\}/g)].map((m: RegExpMatchArray) => m[1]);
    expect(used.length).toBeGreaterThan(0);
    expect(Object.keys(remote.variables).sort()).toEqual([...used].sort());
    for (const name of used) {
      expect(remote.variables[name].isRequired, name).toBe(true);
      expect(remote.variables[name].description, name).toContain("VNDB_OAUTH_PUBLIC_URL");
    }
    // Filled in with a deployment's host, it is the resource that deployment's OAuth serves.
    const host = "vndb-mcp.example.org";
    const url = remote.url.replace(/\{\w+\}/g, host);
    expect(url).toBe(resolveAuthSetup({ publicUrl: `https://${host}` }, { host: "0.0.0.0", port: 3939 }).resource);
  });
});

describe("npm run release:server-json", () => {
  it("writes the bundle's SHA-256, its release URL and the version, and leaves the rest", () => {
    const dir = mkdtempSync(join(tmpdir(), "release-"));
    try {
      const bundle = join(dir, "vndb-mcp.mcpb");
      writeFileSync(bundle, "not really a zip, but bytes to hash");
      const released = forRelease(entry as ServerJson, "1.2.3", sha256Of(readFileSync(bundle)), "2026-01-02");
      expect(released.packages.find((p) => p.registryType === "mcpb")).toMatchObject({
        identifier: "https://github.com/vndb-mcp/vndb-mcp-server/releases/download/v1.2.3/vndb-mcp.mcpb",
        version: "1.2.3",
        // sha256 of the bytes above (`printf %s '…' | sha256sum`).
        fileSha256: "42df00676bf707a954c154e49293e7dd7d65804322f8342fa7ff8d81757b1140",
      });
      expect(released.packages.find((p) => p.registryType === "npm")).toEqual({ ...npmPackage, version: "1.2.3" });
      expect(released.version).toBe("1.2.3");
      expect(bundleDayOf(released)).toBe("2026-01-02");
      expect((released as ServerJson & { remotes?: unknown }).remotes).toEqual(entry.remotes);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the offline sample, as the bundle's setting describes it", () => {
  it("has the sample's size and years the server's instructions give", () => {
    const text: string = manifest.user_config.offline_sample.description;
    expect(text).toContain(OFFLINE_SAMPLE_VNS.toLocaleString("en-US"));
    expect(text).toContain(OFFLINE_SAMPLE_YEARS);
    expect(readme).toContain(`from VNDB's ${OFFLINE_SAMPLE_YEARS} data`);
  });
});
