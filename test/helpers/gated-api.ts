// A VNDB API for in-process HTTP server tests whose GET /stats answers wait until the test
// releases them, so a call can be held "running" on purpose; everything else is unused. It
// records each API client the server makes (per token, and per caller where one is given).

import type { VndbApi } from "../../src/tools/api.js";

const STATS = { chars: 1, producers: 2, releases: 3, staff: 4, tags: 5, traits: 6, vn: 7 };

export function gatedApi() {
  const waiting: Array<() => void> = [];
  const made: Array<{ token: string | undefined; caller: string | undefined }> = [];
  const unused = () => Promise.reject(new Error("not used in this test"));
  const apiFor = (token: string | undefined, caller?: string): VndbApi => {
    made.push({ token, caller });
    return {
      stats: () => new Promise((resolve) => waiting.push(() => resolve(STATS))),
      authinfo: async () => ({ id: "u2", username: "x", permissions: ["listread"] }),
      query: unused, schema: unused, user: unused, ulistLabels: unused,
      patchUlist: unused, deleteUlist: unused, patchRlist: unused, deleteRlist: unused,
      close: async () => {},
    };
  };
  return {
    apiFor,
    /** The clients the server made, in order. */
    made,
    /** How many stats calls are being held. */
    waiting: () => waiting.length,
    releaseAll: () => waiting.splice(0).forEach((go) => go()),
  };
}
