// The package's main export: what a TypeScript user gets from `import ... from "vndb-mcp-server"`.
import { describe, expect, it } from "vitest";
import * as lib from "../src/index.js";

describe("library entry", () => {
  it("exports the client, its error type, the validator, the codec and the schema tables", () => {
    expect(typeof lib.KanaClient).toBe("function");
    expect(typeof lib.KanaError).toBe("function");
    expect(typeof lib.validateQuery).toBe("function");
    expect(typeof lib.encodeCompactQuery).toBe("function");
    expect(typeof lib.decodeCompactQuery).toBe("function");
    expect(lib.QUERY_ENDPOINTS).toContain("vn");
    expect(lib.LANGUAGE.some((l) => l.id === "ja")).toBe(true);
  });

  it("the pieces work together: validate, encode and decode a filter", () => {
    const checked = lib.validateQuery({
      endpoint: "vn",
      contentType: "application/json",
      body: JSON.stringify({ filters: ["id", ">=", "v50"], compact_filters: true }),
      session: null,
    });
    expect(checked.ok).toBe(true);
    const compact = checked.ok ? checked.value.compactFilters : undefined;
    expect(compact).toBe(lib.compactString("vn", ["id", ">=", "v50"]));
    const decoded = lib.decodeCompactQuery(compact as string);
    expect(decoded.ok).toBe(true);
    expect(decoded.ok && lib.encodeCompactQuery(decoded.query)).toBe(compact);
  });

  it("a client and an emulator from the entry talk to each other", async () => {
    const emulator = await lib.startEmulator({ port: 0, preset: "catalogue" });
    const client = new lib.KanaClient({ baseUrl: emulator.url, logger: () => undefined });
    try {
      const [ever17] = await client.getByIds("vn", ["v17"], "title");
      expect(ever17?.id).toBe("v17");
    } finally {
      await client.close();
      await emulator.close();
    }
  });

  it("a client built from the entry refuses an invalid query locally", async () => {
    const client = new lib.KanaClient({ baseUrl: "http://127.0.0.1:9/kana", logger: () => undefined });
    await expect(client.query("vn", { results: 101 })).rejects.toMatchObject({ status: 400, message: "Invalid 'results' member." });
    expect(client.metrics.requests).toBe(0);
    await client.close();
  });
});
