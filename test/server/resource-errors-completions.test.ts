// Issue 29, defect 5 (protocol rough edges), through a real SDK client against the emulator:
// - a resource read with a bad or unknown id answers the spec's resource-not-found error
//   (2026-07-28: -32602 Invalid Params with `data.uri`; the SDK's ResourceNotFoundError),
//   not -32603 Internal Error, which says the server failed;
// - completions offer names beside the ids (a picker showing "v17" alone tells a person
//   nothing), and a completed value reads back as the entry it names.

import { ResourceNotFoundError } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulated, type Emulated } from "../helpers/emulated-server.js";

let server: Emulated;
beforeAll(async () => {
  server = await startEmulated({ preset: "catalogue" });
});
afterAll(async () => server.close());

async function readError(uri: string): Promise<{ code: unknown; data: unknown; notFound: boolean }> {
  try {
    await server.client.readResource({ uri });
  } catch (e) {
    const err = e as { code?: unknown; data?: unknown };
    return { code: err.code, data: err.data, notFound: e instanceof ResourceNotFoundError };
  }
  throw new Error(`${uri} was read`);
}

/** The title VNDB gives a VN, read directly. */
async function titleOf(id: string): Promise<string> {
  const r = await server.api.query("vn", { filters: ["id", "=", id], fields: "title" } as never);
  return (r.results[0] as unknown as { title: string }).title;
}

describe("resource reads that find nothing", () => {
  for (const uri of ["vndb://vn/abc", "vndb://vn/v12345678", "vndb://tag/v17", "vndb://vn/v9999999"]) {
    it(`${uri} is resource-not-found, not an internal error`, async () => {
      const e = await readError(uri);
      expect(e.code).toBe(-32602);
      expect(e.data).toEqual({ uri });
      expect(e.notFound).toBe(true);
    });
  }
});

describe("completions carry names", () => {
  it("a template id completes to 'id (title)' values", async () => {
    const r = await server.client.complete({ ref: { type: "ref/resource", uri: "vndb://vn/{id}" }, argument: { name: "id", value: "ever17" } });
    expect(r.completion.values).toContain(`v17 (${await titleOf("v17")})`);
    for (const v of r.completion.values) expect(v).toMatch(/^v\d+ \(.+\)$/);
  });

  it("an id typed in full gets its name too", async () => {
    const r = await server.client.complete({ ref: { type: "ref/resource", uri: "vndb://vn/{id}" }, argument: { name: "id", value: "v17" } });
    expect(r.completion.values).toEqual([`v17 (${await titleOf("v17")})`]);
  });

  it("a completed value reads back as the entry it names", async () => {
    const r = await server.client.complete({ ref: { type: "ref/resource", uri: "vndb://vn/{id}" }, argument: { name: "id", value: "ever17" } });
    const value = r.completion.values.find((v) => v.startsWith("v17 "))!;
    const read = await server.client.readResource({ uri: `vndb://vn/${encodeURIComponent(value)}` });
    expect(JSON.parse((read.contents[1] as { text: string }).text).results[0].id).toBe("v17");
  });

  it("a prompt's VN argument completes to names as well", async () => {
    const r = await server.client.complete({ ref: { type: "ref/prompt", name: "spoiler_free_summary" }, argument: { name: "vn", value: "ever17" } });
    expect(r.completion.values).toContain(`v17 (${await titleOf("v17")})`);
  });
});
