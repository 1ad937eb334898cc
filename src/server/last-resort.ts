// The server's last line of defence: a promise rejection that no code handled would end
// the Node process, and with it the user's whole session, over what is at worst one lost
// tool call. Report it on stderr (redacted, through the logger) and keep serving.

import type { Logger } from "./log.js";

let installed = false;

export function survivedRejection(log: Logger, reason: unknown): void {
  const detail = reason instanceof Error ? (reason.stack ?? reason.message) : String(reason);
  log.error(`a promise was rejected with nobody handling it (a bug; the server keeps running): ${detail}`);
}

/** Installs the handler once per process; later calls keep the first logger. */
export function survivedUnhandledRejections(log: Logger): void {
  if (installed) return;
  installed = true;
  process.on("unhandledRejection", (reason) => survivedRejection(log, reason));
}
