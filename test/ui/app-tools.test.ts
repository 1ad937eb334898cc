// The MCP App surface as a host sees it, through a real SDK client on the emulator: which
// clients are shown the app-only tools, the tools' links to their views, the view resources
// (self-contained, right MIME type, the image host declared and nothing else), and what the
// app-only tools answer, spoilers cut at the server's level.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulated, TOKENS, type Emulated } from "../helpers/emulated-server.js";
import { APP_MIME_TYPE, UI_EXTENSION, VNDB_IMAGE_ORIGIN } from "../../src/ui/resources.js";
import { VIEWS } from "../../src/ui/views.js";
import { OFFLINE_SAMPLE_YEARS } from "../../src/server/offline-sample.js";
import type { CardsResult, SheetResult } from "../../src/ui/shapes.js";
// The extension's own schemas: no validator package is published on npm, so these stand in for it.
import { McpUiResourceMetaSchema, McpUiToolMetaSchema, RESOURCE_MIME_TYPE } from "@modelcontextprotocol/ext-apps";

/** What an MCP Apps host declares (ext-apps getUiCapability reads this). */
const APPS_HOST = { extensions: { [UI_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } } };
/** Keep each view small enough to load at once in a chat (issue: "under ~150 kB"). */
const MAX_VIEW_BYTES = 150_000;
const APP_ONLY = ["vndb_vn_cards", "vndb_vn_sheet"];

let plain: Emulated;
let host: Emulated;
beforeAll(async () => {
  plain = await startEmulated({ config: { token: TOKENS.u2Writer } });
  host = await startEmulated({ config: { token: TOKENS.u2Writer }, capabilities: APPS_HOST });
});
afterAll(async () => {
  await plain.close();
  await host.close();
});

describe("tools/list and MCP Apps", () => {
  it("hides the app-only tools from a client that does not render apps", async () => {
    const names = (await plain.client.listTools()).tools.map((t) => t.name);
    for (const name of APP_ONLY) expect(names).not.toContain(name);
  });

  it("lists them, marked app-only, to a host that renders apps", async () => {
    const tools = (await host.client.listTools()).tools;
    for (const name of APP_ONLY) {
      const tool = tools.find((t) => t.name === name);
      expect(tool?._meta, name).toEqual({ ui: { visibility: ["app"], ...(name === "vndb_vn_sheet" ? { resourceUri: "ui://vndb/vn-sheet.html" } : {}) } });
    }
    const plainNames = (await plain.client.listTools()).tools.map((t) => t.name);
    expect(tools.map((t) => t.name).filter((n) => !APP_ONLY.includes(n))).toEqual(plainNames);
  });

  it.each(VIEWS.flatMap((v) => v.tools.filter((t) => !APP_ONLY.includes(t)).map((t) => [t, v.uri])))("%s points at %s", async (tool, uri) => {
    const listed = (await plain.client.listTools()).tools.find((t) => t.name === tool);
    expect(listed?._meta).toEqual({ ui: { resourceUri: uri } });
  });
});

describe("against the extension's own schemas", () => {
  it("our MIME type is the extension's", () => {
    expect(APP_MIME_TYPE).toBe(RESOURCE_MIME_TYPE);
  });

  it("every tool's _meta.ui and every view's _meta.ui parse", async () => {
    const tools = (await host.client.listTools()).tools.filter((t) => t._meta?.ui);
    expect(tools.length).toBeGreaterThanOrEqual(7);
    for (const t of tools) expect(McpUiToolMetaSchema.safeParse(t._meta!.ui).success, t.name).toBe(true);
    for (const v of VIEWS) {
      const c = (await host.client.readResource({ uri: v.uri })).contents[0] as { _meta?: { ui?: unknown } };
      expect(McpUiResourceMetaSchema.strict().safeParse(c._meta?.ui).success, v.uri).toBe(true);
    }
  });
});

describe("view resources", () => {
  it("are listed with the app MIME type", async () => {
    const resources = (await plain.client.listResources()).resources.filter((r) => r.uri.startsWith("ui://"));
    expect(resources.map((r) => r.uri).sort()).toEqual(VIEWS.map((v) => v.uri).sort());
    for (const r of resources) expect(r.mimeType, r.uri).toBe(APP_MIME_TYPE);
  });

  it.each(VIEWS.map((v) => [v.uri]))("%s is one self-contained page that loads images from VNDB only", async (uri) => {
    const read = await plain.client.readResource({ uri });
    const content = read.contents[0] as { uri: string; mimeType: string; text: string; _meta?: { ui?: { csp?: { resourceDomains?: string[] } } } };
    expect(content.mimeType).toBe(APP_MIME_TYPE);
    expect(content._meta?.ui?.csp?.resourceDomains).toEqual([VNDB_IMAGE_ORIGIN]);
    const html = content.text;
    expect(Buffer.byteLength(html)).toBeLessThan(MAX_VIEW_BYTES);
    expect(html).toMatch(/^<!doctype html>/);
    // Nothing fetched from elsewhere: no script or stylesheet by URL, no @import, no remote font.
    expect(html).not.toMatch(/<script[^>]+src=/i);
    expect(html).not.toMatch(/<link[^>]+rel=["']?stylesheet/i);
    expect(html).not.toMatch(/@import|url\(\s*["']?https?:/i);
    expect(html).not.toContain("%VNDB_SOURCE%");
  });

  it("says where the data comes from: VNDB online, the offline sample with --embedded", async () => {
    const meta = (html: string) => /<meta name="vndb-source" content="([^"]*)">/.exec(html)?.[1];
    const online = (await plain.client.readResource({ uri: VIEWS[0]!.uri })).contents[0] as { text: string };
    expect(meta(online.text)).toBe("Data from VNDB (vndb.org), ODbL.");
    const offline = await startEmulated({ config: { embedded: true } });
    try {
      const text = ((await offline.client.readResource({ uri: VIEWS[0]!.uri })).contents[0] as { text: string }).text;
      expect(meta(text)).toBe(`Data from an offline sample of VNDB (${OFFLINE_SAMPLE_YEARS} data, ODbL), not the live database: a value shown as unknown may only be missing from the sample.`);
    } finally {
      await offline.close();
    }
  });
});

describe("vndb_vn_cards", () => {
  it("answers cards in the order asked, with image flags and the reader's limits", async () => {
    const r = await host.call("vndb_vn_cards", { ids: ["v17", "v4"] });
    expect(r.isError).toBe(false);
    const s = r.structured as unknown as CardsResult;
    expect(s.cards.map((c) => c.id)).toEqual(["v17", "v4"]);
    expect(s.cards[0]!.title).toBe("Ever17 -the out of infinity-");
    expect(s.cards[0]!.rating).toBe(84.5);
    // CLANNAD has a cover in the sample; Ever17 has none: null, not an invented image.
    expect(s.cards[1]!.image).toMatchObject({ url: expect.stringMatching(/^https:\/\/t\.vndb\.org\//) });
    expect(s.cards[0]!.image).toBeNull();
    expect(s.limits).toEqual({ sexual: 0, violence: 0 });
  });

  it("passes the configured image ceilings to the view", async () => {
    const loose = await startEmulated({ config: { imageSexual: 2, imageViolence: 1 } });
    try {
      const s = (await loose.call("vndb_vn_cards", { ids: ["v4"] })).structured as unknown as CardsResult;
      expect(s.limits).toEqual({ sexual: 2, violence: 1 });
    } finally {
      await loose.close();
    }
  });

  it("says which ids are not in the catalogue, and fails only when none is", async () => {
    const some = await host.call("vndb_vn_cards", { ids: ["v17", "v999999"] });
    expect(some.text).toContain("not found: v999999");
    const none = await host.call("vndb_vn_cards", { ids: ["v999999"] });
    expect(none.isError).toBe(true);
    expect(none.text).toMatch(/v999999 is not in VNDB/);
  });

  it("refuses more than a page of ids and ids that are not VN ids", async () => {
    expect((await host.call("vndb_vn_cards", { ids: Array.from({ length: 26 }, (_, i) => `v${i + 1}`) })).isError).toBe(true);
    expect((await host.call("vndb_vn_cards", { ids: ["c17"] })).isError).toBe(true);
  });
});

describe("vndb_vn_sheet", () => {
  it("gives the sheet of a VN with staff, cast with voices, and relations", async () => {
    const s = (await host.call("vndb_vn_sheet", { id: "v17" })).structured as unknown as SheetResult;
    expect(s.vn.id).toBe("v17");
    // Writers first, under VNDB's label for the role.
    expect(s.vn.staff[0]!.role).toBe("Scenario");
    expect(s.vn.relations.map((r) => r.id).sort()).toEqual(["v13", "v248"]);
    expect(s.vn.cast.length).toBeGreaterThan(0);
  });

  it("cuts characters that are spoilers at the server's level, and shows them at level 2", async () => {
    const safe = (await host.call("vndb_vn_sheet", { id: "v17" })).structured as unknown as SheetResult;
    const all = await startEmulated({ config: { spoilerLevel: 2 } });
    try {
      const open = (await all.call("vndb_vn_sheet", { id: "v17" })).structured as unknown as SheetResult;
      // v17 has 14 characters in the sample, 6 of them spoilers (character.json).
      expect(open.vn.cast).toHaveLength(14);
      expect(safe.vn.cast).toHaveLength(8);
      expect(safe.spoilerLevel).toBe(0);
    } finally {
      await all.close();
    }
  });

  it("says a VN that is not there is not there", async () => {
    const r = await host.call("vndb_vn_sheet", { id: "v999999" });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/v999999 is not in VNDB/);
  });
});
