// stdin for the stdio transport, one complete line (one JSON-RPC message) at a time and none
// longer than a limit. The SDK's transport keeps whatever arrives in one buffer and, past
// 10 MiB, closes itself: one oversized message used to end the user's session without a
// word. Here a line is held back until its newline (so memory stays within the limit), an
// oversized one is dropped as it streams in, and the sender is told, by id when the message
// showed one at its start or end (the SDK client writes the id last).

import { Transform, type TransformCallback } from "node:stream";

/** A tool call is a few KiB; a whole filter of 1,000 predicates is well under 1 MiB. */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

/** Bytes kept from each end of a dropped line, to find its id. */
const EDGE_BYTES = 256;

export interface OversizedMessage {
  bytes: number;
  /** The request id, when one was found at either end of the line. */
  id: string | number | undefined;
}

export class BoundedLines extends Transform {
  #parts: Buffer[] = [];
  #size = 0;
  #dropping = false;
  #head = Buffer.alloc(0);
  #tail = Buffer.alloc(0);

  constructor(
    private readonly maxBytes: number,
    private readonly onOversized: (message: OversizedMessage) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(0x0a, start);
      const end = newline === -1 ? chunk.length : newline + 1;
      this.#take(chunk.subarray(start, end), newline !== -1);
      start = end;
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    // A last line without a newline can never be parsed by the transport: pass it on anyway.
    if (!this.#dropping && this.#size > 0) this.push(Buffer.concat(this.#parts));
    done();
  }

  #take(piece: Buffer, endsLine: boolean): void {
    if (!this.#dropping) {
      this.#parts.push(piece);
      this.#size += piece.length;
      if (this.#size > this.maxBytes) {
        const held = Buffer.concat(this.#parts);
        this.#head = held.subarray(0, EDGE_BYTES);
        this.#tail = held.subarray(-EDGE_BYTES);
        this.#parts = [];
        this.#dropping = true;
      }
    } else {
      this.#size += piece.length;
      this.#tail = Buffer.concat([this.#tail, piece]).subarray(-EDGE_BYTES);
    }
    if (!endsLine) return;
    if (this.#dropping) {
      this.onOversized({ bytes: this.#size, id: findId(this.#head.toString("utf8")) ?? findId(this.#tail.toString("utf8")) });
      this.#head = this.#tail = Buffer.alloc(0);
      this.#dropping = false;
    } else {
      this.push(Buffer.concat(this.#parts));
    }
    this.#parts = [];
    this.#size = 0;
  }
}

/** `"id": 12` or `"id": "abc"` at the top level of a JSON-RPC request, as far as a fragment shows. */
function findId(fragment: string): string | number | undefined {
  const m = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.){0,100}")\s*[,}]/.exec(fragment);
  if (!m) return undefined;
  return m[1]!.startsWith('"') ? (JSON.parse(m[1]!) as string) : Number(m[1]);
}
