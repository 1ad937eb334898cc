// What to tell the model when the token lacks a permission: the fix is on vndb.org.

import type { AuthInfo } from "../api.js";

export function permissionHint(info: AuthInfo, missing: string[]): string {
  return (
    `The token lacks ${missing.join(" and ")}. Create a new token on vndb.org (profile → Applications, ` +
    `https://vndb.org/${info.id}/tokens) with "Access to my list" and "Add/remove/edit items on my list" ticked, ` +
    `then update VNDB_TOKEN (or the token setting in Claude Desktop) and restart the server.`
  );
}

/**
 * Whether this server's list-write tools are listed. With a token they are registered at
 * start (the host's first tools/list must not wait for VNDB); once VNDB says the token may
 * not write (GET /authinfo without listwrite), they are withdrawn and the host is told the
 * list changed, so a read-only token does not cost the model the four write tools (issue 21).
 */
export class WriteGate {
  #closed = false;
  readonly #listeners: (() => void)[] = [];

  get closed(): boolean {
    return this.#closed;
  }

  /** Withdraws the write tools; listeners hear of it once. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const listener of this.#listeners) listener();
  }

  /** Called when the gate closes (the server sends notifications/tools/list_changed). */
  onClose(listener: () => void): void {
    this.#listeners.push(listener);
  }

  /** Closes the gate when `info` lacks listwrite. */
  learn(info: AuthInfo): void {
    if (!info.permissions.includes("listwrite")) this.close();
  }
}
