// --embedded starts the emulator lazily: nothing is loaded until the first request, and the
// owner hears once when the database is built (it compacts the heap then).
import { describe, expect, it } from "vitest";
import { startEmulator } from "../../../src/emulator/index.js";

describe("a lazily loaded emulator", () => {
  it("builds its database on the first request only, and says so once", async () => {
    let loaded = 0;
    const emulator = await startEmulator({ port: 0, preset: "catalogue", lazy: true, onLoaded: () => loaded++ });
    try {
      expect(loaded).toBe(0);
      const post = () => fetch(`${emulator.url}/vn`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"filters":["id","=","v17"],"fields":"title"}' });
      const first = await post();
      expect(first.status).toBe(200);
      expect(((await first.json()) as { results: { title: string }[] }).results[0]?.title).toMatch(/Ever17/);
      await post();
      expect(loaded).toBe(1);
    } finally {
      await emulator.close();
    }
  });
});
