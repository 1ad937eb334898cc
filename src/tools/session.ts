// Per-server memory shared by the tool calls of one connection: who the token belongs to
// (asked once; a token's permissions cannot change while it exists, reference §2.3).

import { randomBytes } from "node:crypto";
import type { NameResolver } from "../filters/index.js";
import type { AuthInfo, VndbApi } from "./api.js";

/** A list import's writes, kept so that it can be undone (lists/list-import.ts). */
export interface ImportBatch {
  user: string;
  /**
   * Rows written (or whose write may have landed), in order, each with the PATCH /ulist body
   * that puts it back, or null when the VN was not on the list before (undo removes it).
   */
  rows: { vn: string; title: string; undo: Record<string, unknown> | null }[];
  /** Set once every row has been put back: a second undo says so instead of "unknown". */
  undone?: boolean;
}

/**
 * Random bytes naming a session in its import ids: 4 bytes (8 hex digits) make two sessions of
 * one user meet on the same id about once in 4 billion, while an id stays short enough to copy.
 */
const SESSION_TAG_BYTES = 4;

export class SessionState {
  /** Imports of this connection by batch id ("import-3f9a0c12-1"), for undo. */
  readonly imports = new Map<string, ImportBatch>();
  private importCount = 0;
  /**
   * This session's part of its import ids. A count alone restarted at "import-1" in every
   * session, so two sessions of one user both said import-1 and an undo could not tell them apart.
   */
  readonly importTag = randomBytes(SESSION_TAG_BYTES).toString("hex");

  /** A new batch id, unique to this session: its tag, then a count. */
  nextImportId(): string {
    return `import-${this.importTag}-${++this.importCount}`;
  }

  private authInfo: Promise<AuthInfo> | undefined;
  private nameResolver: NameResolver | undefined;

  /** Name → id resolution for filters, with its cache shared by all calls of this server. */
  async resolver(api: VndbApi): Promise<NameResolver> {
    if (!this.nameResolver) {
      // Loaded on first use: the resolver pulls in the filter validator.
      const { createResolver } = await import("./query/filter-port.js");
      this.nameResolver ??= createResolver(api);
    }
    return this.nameResolver;
  }

  /** GET /authinfo once per server; a failure is not cached so a retry can succeed. */
  whoAmI(api: VndbApi, signal?: AbortSignal): Promise<AuthInfo> {
    if (!this.authInfo) {
      this.authInfo = api.authinfo({ signal });
      this.authInfo.catch(() => {
        this.authInfo = undefined;
      });
    }
    return this.authInfo;
  }
}
