// Errors a tool raises on purpose, and the one function that turns any failure into the
// text the model reads: VNDB's own words first (they say what was wrong), then a hint.

import { isKanaError } from "../kana/errors.js";

/** A mistake in the tool's arguments (or a rule of VNDB) explained before any request. */
export class ToolError extends Error {
  override readonly name = "ToolError";
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

/** The text of an isError tool result. Never includes request headers (the token). */
export function describeError(error: unknown): string {
  if (error instanceof ToolError) return error.hint ? `${error.message}\nHint: ${error.hint}` : error.message;
  if (isKanaError(error)) {
    const where = `${error.method} ${error.endpoint}`;
    const head =
      error.kind === "http" || error.kind === "validation"
        ? `VNDB refused ${where} (HTTP ${error.status}): ${error.message}`
        : `VNDB request ${where} failed (${error.kind}): ${error.message}`;
    return error.hint ? `${head}\nHint: ${error.hint}` : head;
  }
  if (error instanceof Error) return `Unexpected error: ${error.message}`;
  return `Unexpected error: ${String(error)}`;
}
