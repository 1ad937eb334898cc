// The app-only tools reach an MCP Apps host in both protocol eras: on a 2025 connection the
// client's capabilities come from initialize, on a 2026 one from each request's envelope
// (define-tool.ts clientCapabilities). Over real stdio, with the official v2 clients.

import { describe, expect, it } from "vitest";
import { ERAS, eraClient, stdioTransport } from "../helpers/era-clients.js";
import { APP_MIME_TYPE, UI_EXTENSION } from "../../src/ui/resources.js";

const APPS_HOST = { extensions: { [UI_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } } };

async function toolNames(era: (typeof ERAS)[number], capabilities?: Record<string, unknown>): Promise<string[]> {
  const client = eraClient(era, { capabilities });
  await client.connect(stdioTransport());
  try {
    return (await client.listTools()).tools.map((t) => t.name);
  } finally {
    await client.close();
  }
}

describe.each(ERAS)("a %s client over stdio", (era) => {
  it("that renders MCP Apps is shown the app-only tools; one that does not, not", async () => {
    const host = await toolNames(era, APPS_HOST);
    expect(host).toEqual(expect.arrayContaining(["vndb_vn_cards", "vndb_vn_sheet"]));
    const plain = await toolNames(era);
    expect(plain).not.toContain("vndb_vn_cards");
    expect(host.filter((n) => !n.startsWith("vndb_vn_"))).toEqual(plain);
  }, 60_000);
});
