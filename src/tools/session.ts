// Per-server memory shared by the tool calls of one connection: who the token belongs to
// (asked once; a token's permissions cannot change while it exists, reference §2.3).

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
}

export class SessionState {
  /** Imports of this connection by batch id ("import-1"), for undo. */
  readonly imports = new Map<string, ImportBatch>();
  private importCount = 0;

  /** A new batch id of this connection. */
  nextImportId(): string {
    return `import-${++this.importCount}`;
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
