// The server's icons as a host reads them, through a real SDK client: the SVG, and a small PNG
// of the same drawing for hosts that show no SVG (VS Code shows PNG, JPEG, WebP and GIF only;
// the spec requires PNG and JPEG of every client that shows icons). The PNG is committed as
// text in src/server/icon.ts; this checks it is what scripts/make-icon.ts draws today.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { iconPng, SERVER_PNG_SIZE } from "../../scripts/make-icon.js";
import { ICON_PNG_BASE64, ICON_PNG_SIZE } from "../../src/server/icon.js";
import { connect, testConfig, unreachableApi, type Connected } from "../helpers/mcp-client.js";

/** Issue 19: an icon "under ~2 kB", decoded and as sent. */
const ICON_MAX_BYTES = 2048;
const PNG_MAGIC = "89504e470d0a1a0a";

let c: Connected;
beforeAll(async () => {
  c = await connect(testConfig({}), unreachableApi);
});
afterAll(() => c.close());

describe("the server's icons", () => {
  it("are an SVG of any size and a 64×64 PNG, each a small data URI with its type declared", () => {
    const icons = c.client.getServerVersion()?.icons ?? [];
    expect(icons.map((i) => i.mimeType)).toEqual(["image/svg+xml", "image/png"]);
    const png = icons[1]!;
    expect(png.sizes).toEqual(["64x64"]);
    expect(png.src).toMatch(/^data:image\/png;base64,/);
    expect(png.src.length).toBeLessThan(ICON_MAX_BYTES);
    const bytes = Buffer.from(png.src.slice(png.src.indexOf(",") + 1), "base64");
    expect(bytes.subarray(0, 8).toString("hex")).toBe(PNG_MAGIC);
    // IHDR: width and height, big-endian, after the magic, the chunk length and "IHDR".
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([64, 64]);
  });

  it("the PNG is scripts/make-icon.ts's drawing at that size (remake it there after changing the drawing)", () => {
    expect(ICON_PNG_SIZE).toBe(SERVER_PNG_SIZE);
    expect(ICON_PNG_BASE64).toBe(iconPng(SERVER_PNG_SIZE).toString("base64"));
  });
});
