// manifest.json (MCP Bundle 0.3) must list exactly the registry's tools, validate against
// the mcpb schema, and pass only settings the server's configuration understands.

import { readFileSync } from "node:fs";
import { validateManifest } from "@anthropic-ai/mcpb";
import { describe, expect, it, vi } from "vitest";
import { loadConfig } from "../src/server/config.js";
import { SERVER_VERSION } from "../src/server/create-server.js";
import { ALL_TOOLS, MODEL_TOOLS } from "../src/tools/index.js";
import { manifestTools, START_MARKER, END_MARKER, toolTable } from "../scripts/readme-tools.js";

const manifestPath = new URL("../manifest.json", import.meta.url);
const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");

describe("manifest.json", () => {
  it("lists exactly the registry's tools, in order, with their summaries", () => {
    expect(manifest.tools.map((t: { name: string }) => t.name)).toEqual(MODEL_TOOLS.map((t) => t.name));
    expect(manifest.tools).toEqual(manifestTools());
  });

  it("passes mcpb's schema validation", () => {
    const spy = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      expect(validateManifest(manifestPath.pathname)).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });

  it("carries the package and server version", () => {
    expect(manifest.version).toBe(pkg.version);
    expect(SERVER_VERSION).toBe(pkg.version);
  });

  it("declares the token as a sensitive optional setting", () => {
    expect(manifest.user_config.vndb_token).toMatchObject({ type: "string", sensitive: true, required: false });
  });

  it("starts a server that accepts every setting, filled or left empty", () => {
    const env: Record<string, string> = manifest.server.mcp_config.env;
    // Left empty, Claude Desktop passes the placeholder text itself.
    const unfilled = loadConfig([], env);
    expect(unfilled.kind).toBe("run");
    const defaults: Record<string, string> = {};
    for (const [name, value] of Object.entries(env)) {
      const key = /^\$\{user_config\.(\w+)\}$/.exec(value)?.[1];
      expect(key, name).toBeDefined();
      const setting = manifest.user_config[key!];
      expect(setting, key).toBeDefined();
      defaults[name] = setting.default === undefined ? "" : String(setting.default);
    }
    const filled = loadConfig([], { ...defaults, VNDB_SPOILER_LEVEL: "2", VNDB_READ_ONLY: "true", VNDB_EMBEDDED: "true" });
    expect(filled).toMatchObject({ kind: "run", config: { spoilerLevel: 2, readOnly: true, embedded: true } });
  });

  it("offers the offline sample as a setting, off by default", () => {
    expect(manifest.server.mcp_config.env.VNDB_EMBEDDED).toBe("${user_config.offline_sample}");
    expect(manifest.user_config.offline_sample).toMatchObject({ type: "boolean", default: false, required: false });
  });

  it("links a privacy policy that exists in the repository, and VNDB's", () => {
    const ours = manifest.privacy_policies.find((u: string) => u.endsWith("/PRIVACY.md"));
    expect(ours).toBeDefined();
    expect(readFileSync(new URL("../PRIVACY.md", import.meta.url), "utf8")).toMatch(/What goes to VNDB/);
    expect(manifest.privacy_policies).toContain("https://vndb.org/d17");
  });

  it("has an icon (a 512×512 PNG), and repository, homepage and support links that agree with package.json", () => {
    const png = readFileSync(new URL(`../${manifest.icon}`, import.meta.url));
    expect(png.subarray(1, 4).toString("ascii")).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512]);
    const repo = manifest.repository.url;
    expect(pkg.repository.url).toContain(repo.replace(/^https:\/\//, ""));
    expect(manifest.homepage).toBe(repo);
    expect(manifest.support).toBe(pkg.bugs.url);
  });

  it("marks every list-changing tool destructive (updates overwrite votes, labels and notes)", () => {
    for (const tool of ALL_TOOLS.filter((t) => t.annotations?.readOnlyHint === false)) {
      expect(tool.annotations?.destructiveHint, tool.name).toBe(true);
    }
  });
});

describe("README tool table", () => {
  it("is the one generated from the registry", () => {
    const start = readme.indexOf(START_MARKER) + START_MARKER.length;
    const end = readme.indexOf(END_MARKER);
    expect(readme.slice(start, end).trim()).toBe(toolTable());
  });
});
