// lazyApi: the Kana client is built on the first call, or ahead of it by warm() in idle time
// (the offline mode does that a second after start); either way once.
import { describe, expect, it } from "vitest";
import type { VndbApi } from "../../src/tools/api.js";
import { lazyApi } from "../../src/tools/lazy-api.js";

function counting(fail = false) {
  let built = 0;
  const api = lazyApi(async () => {
    built++;
    if (fail) throw new Error("the client could not load");
    return { stats: async () => ({ vn: 1 }), close: async () => {} } as unknown as VndbApi;
  });
  return { api, built: () => built };
}

describe("lazyApi", () => {
  it("builds nothing until a call or warm()", async () => {
    const { api, built } = counting();
    expect(built()).toBe(0);
    await api.close();
    expect(built()).toBe(0);
  });

  it("warm() builds the client once, and the first call then uses that one", async () => {
    const { api, built } = counting();
    api.warm();
    api.warm();
    expect(await api.stats()).toEqual({ vn: 1 });
    expect(built()).toBe(1);
  });

  it("a client that fails to build while warming reports it to the first call, not as an unhandled rejection", async () => {
    const { api } = counting(true);
    api.warm();
    await expect(api.stats()).rejects.toThrow("the client could not load");
  });
});
