import { it } from "vitest";
import { startEmulated } from "./helpers/emulated-server.js";
it("peek", async () => {
  const s = await startEmulated({ preset: (process.env.PRESET ?? "test") as never, config: { embedded: process.env.EMB === "1" } });
  for (const [tool, a] of JSON.parse(process.env.CALLS!)) { const r = await s.call(tool, a); console.log(r.text.slice(0, 2500) + "\n-----"); }
  await s.close();
}, 60000);
