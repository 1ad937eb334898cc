// Resources, prompts and completions against the emulator's catalogue, through a real SDK
// client: templates read like the search tools answer, the own list appears only with a
// token, prompts turn into tool-call instructions, and names complete to ids.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmulated, TOKENS, type Emulated } from "../helpers/emulated-server.js";

let anon: Emulated;
let writer: Emulated;
beforeAll(async () => {
  anon = await startEmulated();
  writer = await startEmulated({ config: { token: TOKENS.u2Writer } });
});
afterAll(async () => {
  await anon.close();
  await writer.close();
});

describe("resources", () => {
  it("lists a template per entry kind, and a user's list files", async () => {
    const { resourceTemplates } = await anon.client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual([
      ...["character", "producer", "release", "staff", "tag", "trait"].map((k) => `vndb://${k}/{id}`),
      ...["list.csv", "list.json", "upcoming.ics"].map((f) => `vndb://user/{user}/${f}`),
      "vndb://vn/{id}",
    ]);
  });

  it("reads an entry as compact text and JSON, the same entry the search tool gives", async () => {
    const r = await anon.client.readResource({ uri: "vndb://vn/v17" });
    const [text, json] = r.contents as Array<{ mimeType: string; text: string }>;
    expect(text!.mimeType).toBe("text/plain");
    expect(text!.text).toMatch(/v17/);
    const tool = await anon.call("vndb_search_vn", { filters: { id: "v17" }, fields: "standard" });
    expect(text!.text).toBe(tool.text);
    expect(JSON.parse(json!.text).results[0].id).toBe("v17");
  });

  it("says when an entry does not exist", async () => {
    await expect(anon.client.readResource({ uri: "vndb://tag/g9999999" })).rejects.toThrow(/No entry g9999999/);
  });

  it("offers the token owner's list only when a token is set", async () => {
    // Apart from the MCP App views (ui://, test/ui/app-tools.test.ts), which every session has.
    const entries = async (c: typeof anon) => (await c.client.listResources()).resources.filter((r) => !r.uri.startsWith("ui://"));
    expect(await entries(anon)).toEqual([]);
    const resources = await entries(writer);
    expect(resources.map((r) => r.uri)).toEqual(["vndb://list"]);
    const list = await writer.client.readResource({ uri: "vndb://list" });
    expect((list.contents[0] as { text: string }).text).toMatch(/\bv\d+/);
  });
});

describe("completions", () => {
  it("turns a typed name into ids for a template argument", async () => {
    const r = await anon.client.complete({ ref: { type: "ref/resource", uri: "vndb://vn/{id}" }, argument: { name: "id", value: "ever17" } });
    expect(r.completion.values.map((v) => v.split(" ")[0])).toContain("v17");
    const tag = await anon.client.complete({ ref: { type: "ref/resource", uri: "vndb://tag/{id}" }, argument: { name: "id", value: "g7" } });
    expect(tag.completion.values).toHaveLength(1);
    expect(tag.completion.values[0]).toMatch(/^g7 \(.+\)$/);
  });

  it("completes a prompt's VN argument", async () => {
    const r = await anon.client.complete({ ref: { type: "ref/prompt", name: "spoiler_free_summary" }, argument: { name: "vn", value: "ever17" } });
    expect(r.completion.values.map((v) => v.split(" ")[0])).toContain("v17");
  });
});

describe("prompts", () => {
  it("lists the workflows, tidy_list only with a token", async () => {
    const anonNames = (await anon.client.listPrompts()).prompts.map((p) => p.name);
    const writerNames = (await writer.client.listPrompts()).prompts.map((p) => p.name);
    expect(anonNames).toEqual(["recommend_from_list", "compare_vns", "series_next", "spoiler_free_summary"]);
    expect(writerNames).toContain("tidy_list");
    for (const p of (await writer.client.listPrompts()).prompts) expect(p.description).toBeTruthy();
  });

  it("turns arguments into instructions naming the tools to call", async () => {
    const r = await anon.client.getPrompt({ name: "compare_vns", arguments: { first: "v17", second: "v11" } });
    const text = (r.messages[0]!.content as { text: string }).text;
    expect(text).toMatch(/v17 and v11/);
    expect(text).toMatch(/vndb_search_vn/);
    await expect(anon.client.getPrompt({ name: "compare_vns", arguments: { first: "v17" } })).rejects.toThrow();
  });
});

describe("icons", () => {
  it("every prompt, resource template and resource carry the server's SVG icon", async () => {
    // Tools do not repeat it (issue 29: the whole tools/list ≤ 40 KB; test/tools/schema-portability.test.ts).
    const icons = writer.client.getServerVersion()?.icons?.filter((i) => i.mimeType === "image/svg+xml");
    expect(icons).toHaveLength(1);
    const { prompts } = await writer.client.listPrompts();
    const { resourceTemplates } = await writer.client.listResourceTemplates();
    const { resources } = await writer.client.listResources();
    expect(prompts.length + resourceTemplates.length + resources.length).toBeGreaterThan(8);
    for (const p of [...prompts, ...resourceTemplates, ...resources]) expect(p.icons, p.name).toEqual(icons);
  });
});
