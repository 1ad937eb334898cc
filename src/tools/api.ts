// The part of the Kana client the tools use, as a structural type. Tools depend on this
// port rather than on the concrete client so that `tools/` knows nothing about HTTP
// (DESIGN.md) and tests can pass the real client pointed at the emulator.

import type { QueryEndpoint } from "../kana/types.js";

export interface RequestOptions {
  signal?: AbortSignal;
}

/** The body of a POST query, as the API takes it (reference §5.1). */
export interface QueryBody {
  filters?: unknown;
  fields?: string;
  sort?: string;
  reverse?: boolean;
  results?: number;
  page?: number;
  count?: boolean;
  user?: string;
  compact_filters?: boolean;
  normalized_filters?: boolean;
}

/** A POST query response (reference §5.3). */
export interface QueryResponse {
  results: Record<string, unknown>[];
  more: boolean;
  count?: number;
  compact_filters?: string;
  normalized_filters?: unknown;
}

export interface AuthInfo {
  id: string;
  username: string;
  permissions: string[];
}

export interface UlistLabel {
  id: number;
  label: string;
  private: boolean;
  count?: number;
}

export interface UserRecord {
  id: string;
  username: string | null;
  lengthvotes?: number;
  lengthvotes_sum?: number;
}

/** PATCH /ulist/<vid> members (reference §12.2). */
export interface UlistPatch {
  vote?: number | null;
  notes?: string | null;
  started?: string;
  finished?: string;
  labels?: number[];
  labels_set?: number[];
  labels_unset?: number[];
}

export interface VndbApi {
  query(endpoint: QueryEndpoint, body: QueryBody, options?: RequestOptions): Promise<QueryResponse>;
  schema(options?: RequestOptions): Promise<unknown>;
  stats(options?: RequestOptions): Promise<Record<string, number>>;
  user(q: readonly string[], fields?: readonly ("lengthvotes" | "lengthvotes_sum")[], options?: RequestOptions): Promise<Record<string, UserRecord | null>>;
  authinfo(options?: RequestOptions): Promise<AuthInfo>;
  ulistLabels(params: { user?: string; fields?: "count" | "" }, options?: RequestOptions): Promise<{ labels: UlistLabel[] }>;
  patchUlist(vid: string, body: UlistPatch, options?: RequestOptions): Promise<void>;
  deleteUlist(vid: string, options?: RequestOptions): Promise<void>;
  patchRlist(rid: string, body: { status?: 0 | 1 | 2 | 3 | 4 | null }, options?: RequestOptions): Promise<void>;
  deleteRlist(rid: string, options?: RequestOptions): Promise<void>;
  close(): Promise<void>;
}
