import { it } from "vitest";
import { startEmulated } from "./helpers/emulated-server.js";
it("peek", async () => {
  const s = await startEmulated({ preset: process.env.PRESET as never ?? "test", config: { embedded: process.env.EMB === "1" } });
  for (const [tool, a] of JSON.parse(process.env.CALLS!)) { const r = await s.call(tool, a); console.log(r.text.slice(0, 1500) + "\n-----"); }
  const tags = await s.api.query("tag", { filters: ["searchable","=",1], fields: "name,vn_count", sort: "vn_count", results: 3 } as never);
  console.log(JSON.stringify(tags.results));
  await s.close();
}, 60000);
