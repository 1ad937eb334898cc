// The API's wire shapes (reference §4, §5, §12): what goes into and comes out of VNDB,
// shared by the client and by the tools' port onto it.

/** The request body of a POST query (reference §5.1). */
export interface QueryBody {
  filters?: unknown;
  fields?: string;
  sort?: string;
  reverse?: boolean;
  results?: number;
  page?: number;
  count?: boolean;
  user?: string | number;
  compact_filters?: boolean;
  normalized_filters?: boolean;
  time?: boolean;
}

/** One result row: `id` always, plus the selected fields (reference §5.3). */
export type KanaRow = { id: string } & Record<string, unknown>;

export interface QueryResponse<T = KanaRow> {
  results: T[];
  more: boolean;
  count?: number;
  compact_filters?: string;
  normalized_filters?: unknown;
  time?: number;
}

export interface KanaSchema {
  api_fields: Record<string, unknown>;
  enums: Record<string, unknown[]>;
  extlinks: Record<string, unknown[]>;
}

export type KanaStats = Record<"chars" | "producers" | "releases" | "staff" | "tags" | "traits" | "vn", number>;

export interface KanaUser {
  id: string;
  username: string | null;
  lengthvotes?: number;
  lengthvotes_sum?: number;
}

export interface AuthInfo {
  id: string;
  username: string;
  permissions: ("listread" | "listwrite")[];
}

export interface UlistLabel {
  id: number;
  label: string;
  private: boolean;
  count?: number;
}

/** PATCH /ulist/<vid> members (reference §12.2); absent members are left untouched. */
export interface UlistPatch {
  vote?: number | null;
  notes?: string | null;
  started?: string;
  finished?: string;
  labels?: number[];
  labels_set?: number[];
  labels_unset?: number[];
}

/** PATCH /rlist/<rid> members (reference §12.3). */
export interface RlistPatch {
  status?: 0 | 1 | 2 | 3 | 4 | null;
}
