// The part of the Kana client the tools use, as a structural type. Tools depend on this
// port rather than on the concrete client so that `tools/` knows nothing about HTTP
// (DESIGN.md) and tests can pass the real client pointed at the emulator.

import type { AuthInfo, KanaStats, KanaUser, QueryBody, QueryResponse, RlistPatch, UlistLabel, UlistPatch } from "../kana/api-types.js";
import type { QueryEndpoint } from "../kana/types.js";

export type { AuthInfo, QueryBody, QueryResponse, UlistLabel, UlistPatch } from "../kana/api-types.js";

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface VndbApi {
  query(endpoint: QueryEndpoint, body: QueryBody, options?: RequestOptions): Promise<QueryResponse>;
  schema(options?: RequestOptions): Promise<unknown>;
  stats(options?: RequestOptions): Promise<KanaStats>;
  user(q: readonly string[], fields?: readonly ("lengthvotes" | "lengthvotes_sum")[], options?: RequestOptions): Promise<Record<string, KanaUser | null>>;
  authinfo(options?: RequestOptions): Promise<AuthInfo>;
  ulistLabels(params: { user?: string; fields?: "count" | "" }, options?: RequestOptions): Promise<{ labels: UlistLabel[] }>;
  patchUlist(vid: string, body: UlistPatch, options?: RequestOptions): Promise<void>;
  deleteUlist(vid: string, options?: RequestOptions): Promise<void>;
  patchRlist(rid: string, body: RlistPatch, options?: RequestOptions): Promise<void>;
  deleteRlist(rid: string, options?: RequestOptions): Promise<void>;
  close(): Promise<void>;
}
