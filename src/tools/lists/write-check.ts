// A list write and the read that checks it, kept apart so that the answer can say what is
// known: written and confirmed, written but not read back, or unknown because VNDB's answer
// never arrived. PATCH and DELETE answer 204 with no body (reference §12), so only a read
// after the write shows what VNDB stored.

import { isKanaError } from "../../kana/errors.js";
import { describeError } from "../errors.js";

/**
 * Whether a failed write may still have been carried out: the request left, and no refusal
 * came back (the connection dropped, the deadline passed, the answer was garbled, or a 5xx
 * that a proxy or a crash after the commit can give). A 4xx is VNDB refusing the write;
 * zero attempts means nothing was sent.
 */
export function mayHaveLanded(error: unknown): boolean {
  if (!isKanaError(error) || error.attempts === 0) return false;
  if (error.kind === "http") return error.status !== null && error.status >= 500;
  return error.kind === "network" || error.kind === "deadline" || error.kind === "protocol";
}

export type ReadBack<T> = { ok: true; value: T } | { ok: false; error: string };

export interface WriteOutcome<T> {
  /** "sent": VNDB confirmed; "unknown": the answer was lost (writeError says how). */
  write: "sent" | "unknown";
  writeError?: string;
  read: ReadBack<T>;
}

/**
 * Sends the write, then reads back. A refusal (or a failure before sending) is thrown as
 * before: nothing was written. A lost answer is not thrown: the read-back decides.
 */
export async function writeThenRead<T>(
  write: () => Promise<void>,
  read: () => Promise<T>,
  signal: AbortSignal | undefined,
): Promise<WriteOutcome<T>> {
  let outcome: Pick<WriteOutcome<T>, "write" | "writeError">;
  try {
    await write();
    outcome = { write: "sent" };
  } catch (error) {
    if (signal?.aborted || !mayHaveLanded(error)) throw error;
    outcome = { write: "unknown", writeError: firstLine(describeError(error)) };
  }
  try {
    return { ...outcome, read: { ok: true, value: await read() } };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ...outcome, read: { ok: false, error: firstLine(describeError(error)) } };
  }
}

function firstLine(text: string): string {
  const nl = text.indexOf("\n");
  return nl < 0 ? text : text.slice(0, nl);
}

/** The lines that say what could not be confirmed, and how to look. */
export function unconfirmedText(
  outcome: WriteOutcome<unknown>,
  what: string,
  sent: string,
  check: string,
): { text: string; isError: boolean } | null {
  if (outcome.read.ok) return null;
  if (outcome.write === "sent") {
    return {
      text: `Written: VNDB confirmed ${what}, but it could not be read back (${outcome.read.error}).\nSent: ${sent}.\nTo see the entry: ${check}`,
      isError: false,
    };
  }
  return {
    text:
      `${what[0]!.toUpperCase()}${what.slice(1)} may have been applied: VNDB's answer was lost (${outcome.writeError}) and reading back failed (${outcome.read.error}).\n` +
      `Sent: ${sent}.\nCheck with ${check} before trying again; sending the same call again is safe.`,
    isError: true,
  };
}
