// A VndbApi that builds the real one on first use. The Kana client pulls in undici, which
// alone costs a stdio server ~70 ms and ~11 MiB at start-up (measured against a minimal
// bundled SDK server); a host lists tools long before the first call needs HTTP.

import type { VndbApi } from "./api.js";

/** A lazily built VndbApi that can also be built ahead of its first call. */
export interface LazyApi extends VndbApi {
  /** Builds the client now (in idle time), so that the first call does not wait for it; failures wait for that call. */
  warm(): void;
}

export function lazyApi(create: () => Promise<VndbApi>): LazyApi {
  let made: Promise<VndbApi> | undefined;
  const get = () => (made ??= create());
  const forward =
    <K extends Exclude<keyof VndbApi, "close">>(name: K) =>
    async (...args: unknown[]) =>
      ((await get())[name] as (...a: unknown[]) => unknown)(...args);
  return {
    query: forward("query") as VndbApi["query"],
    schema: forward("schema") as VndbApi["schema"],
    stats: forward("stats") as VndbApi["stats"],
    user: forward("user") as VndbApi["user"],
    authinfo: forward("authinfo") as VndbApi["authinfo"],
    ulistLabels: forward("ulistLabels") as VndbApi["ulistLabels"],
    patchUlist: forward("patchUlist") as VndbApi["patchUlist"],
    deleteUlist: forward("deleteUlist") as VndbApi["deleteUlist"],
    patchRlist: forward("patchRlist") as VndbApi["patchRlist"],
    deleteRlist: forward("deleteRlist") as VndbApi["deleteRlist"],
    warm: () => void get().catch(() => {}),
    // Nothing to close when no call ever needed the client.
    close: async () => {
      if (made) await (await made).close();
    },
  };
}
