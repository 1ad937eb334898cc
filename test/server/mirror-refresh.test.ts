// A mirror's refresh while serving (server/mirror.ts, mirror-refresh.ts): the worker over the
// new build takes over only once loaded, calls in flight and calls during the load all get
// answers, a failed build keeps the current data (and says so in the health), and the health
// degrades once the data is older than the limit. The build runner is injected: it does what
// `mirror sync` does to the folder (a new build, then `current` switched), or fails.

import { afterEach, describe, expect, it } from "vitest";
import { serveMirror, type ServedMirror } from "../../src/server/mirror.js";
import { silentLogger } from "../../src/server/log.js";
import { makeMirrorFolder } from "../helpers/mirror-folder.js";
import type { LocalApi, LocalRequest } from "../../src/client/in-process-exchange.js";

const DAY = 24 * 3_600_000;
const search = (text: string): LocalRequest => ({
  method: "POST",
  path: "/vn",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ filters: ["search", "=", text], fields: "title", results: 5 }),
});

let served: ServedMirror | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

describe("mirror refresh while serving", () => {
  it("swaps to the new build without failing a call, before, during or after the load", async () => {
    const folder = makeMirrorFolder("2026-11-26");
    let built = 0;
    served = await serveMirror(folder.root, {
      log: silentLogger,
      refreshMs: DAY,
      build: async () => {
        built++;
        folder.addBuild("2026-11-27");
      },
    });
    const api: LocalApi = await served.api;
    expect("ms" in (await served.warm)).toBe(true);
    expect(served.dataDate).toBe("2026-11-26");
    const first = await api.request(search("ever17"));
    expect(first.status).toBe(200);

    // A steady stream of calls while the refresh builds, loads the new worker and swaps.
    let stop = false;
    const answers: number[] = [];
    const load = (async () => {
      while (!stop) {
        const batch = await Promise.all(["ever17", "summer", "saya", "fate"].map((t) => api.request(search(t))));
        answers.push(...batch.map((r) => r.status));
      }
    })();
    const outcome = await served.refresh!();
    stop = true;
    await load;
    expect(outcome).toEqual({ ok: true, swapped: true });
    expect(built).toBe(1);
    expect(served.dataDate).toBe("2026-11-27");
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((s) => s === 200)).toBe(true);
    // The new worker answers the same question the same way (same data, another build).
    const after = await api.request(search("ever17"));
    expect(after.status).toBe(200);
    expect(JSON.parse(after.text)).toEqual(JSON.parse(first.text));
    expect(served.health().lastRefresh?.ok).toBe(true);
  }, 120_000);

  it("keeps serving the current data when a build fails, and says so", async () => {
    const folder = makeMirrorFolder("2026-11-26");
    served = await serveMirror(folder.root, {
      log: silentLogger,
      refreshMs: DAY,
      build: async () => {
        throw new Error("the download host answered 503");
      },
    });
    const api = await served.api;
    await served.warm;
    const outcome = await served.refresh!();
    expect(outcome).toEqual({ ok: false, error: "the download host answered 503" });
    expect(served.dataDate).toBe("2026-11-26");
    expect((await api.request(search("ever17"))).status).toBe(200);
    const health = served.health(Date.parse("2026-11-27T12:00:00Z"));
    expect(health).toMatchObject({ state: "ok", dataDate: "2026-11-26", ageHours: 36, lastRefresh: { ok: false, error: "the download host answered 503" } });
  }, 120_000);

  it("keeps the current worker when the new build cannot be loaded", async () => {
    const folder = makeMirrorFolder("2026-11-26");
    served = await serveMirror(folder.root, {
      log: silentLogger,
      refreshMs: DAY,
      build: async () => {
        const dir = folder.addBuild("2026-11-27");
        // A build whose VN table is not JSON: the new worker's warm-up fails.
        const { writeFileSync } = await import("node:fs");
        writeFileSync(`${dir}/vn.json`, "{ truncated");
      },
    });
    const api = await served.api;
    await served.warm;
    const outcome = await served.refresh!();
    expect(outcome.ok).toBe(false);
    expect(served.dataDate).toBe("2026-11-26");
    expect((await api.request(search("ever17"))).status).toBe(200);
  }, 120_000);

  it("degrades the health past the maximum age", async () => {
    const folder = makeMirrorFolder("2026-11-20");
    served = await serveMirror(folder.root, { log: silentLogger, refreshMs: null, maxAgeMs: 3 * DAY });
    await served.warm;
    expect(served.health(Date.parse("2026-11-22T00:00:00Z")).state).toBe("ok");
    expect(served.health(Date.parse("2026-11-24T00:00:00Z"))).toMatchObject({ state: "stale", ageHours: 96, maxAgeHours: 72 });
    expect(served.refresh).toBeUndefined();
  }, 120_000);
});

describe("a mirror switched by another process's sync", () => {
  it("is followed: the server serves the new build once it has loaded it", async () => {
    const folder = makeMirrorFolder("2026-11-26");
    served = await serveMirror(folder.root, { log: silentLogger, refreshMs: null, watchMs: 200 });
    const api = await served.api;
    await served.warm;
    folder.addBuild("2026-11-27");
    // Polled, not timed: the watch swaps once the new worker has loaded.
    for (let i = 0; i < 600 && served.dataDate !== "2026-11-27"; i++) await new Promise((r) => setTimeout(r, 100));
    expect(served.dataDate).toBe("2026-11-27");
    expect((await api.request(search("ever17"))).status).toBe(200);
  }, 120_000);
});
